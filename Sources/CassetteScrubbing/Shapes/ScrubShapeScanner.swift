/// The shape rules the scrubber scans for by hand instead of by regular expression: each runs in one
/// pass over a text, in time linear in its length whatever the text holds, and finds the secret's
/// byte range.
enum ScrubShapeScanner: Sendable {
    /// `Bearer` and `Basic` credentials in text.
    case schemeCredentials
    case email
    case jwt
    /// PEM and PGP private key blocks, and age secret keys.
    case privateKey
    case awsAccessKeyID
    case awsSecretAccessKey

    /// Substrings one of which every match contains: the cheap test before the scan.
    var literals: [String] {
        switch self {
        case .schemeCredentials: ["earer", "EARER", "asic", "ASIC"]
        case .email: ["@", "%40", "&#64;", "&#x40;"]
        case .jwt: ["eyJ"]
        case .privateKey: ["-----BEGIN ", PrivateKeyShape.agePrefix]
        case .awsAccessKeyID: ["AKIA", "ASIA"]
        case .awsSecretAccessKey: ["ecret", "ECRET"]
        }
    }

    /// The byte ranges of the secrets in `bytes`, in order.
    func matches(in bytes: [UInt8]) -> [Range<Int>] {
        switch self {
        case .schemeCredentials: SchemeCredentialShape.matches(in: bytes)
        case .email: EmailShape.matches(in: bytes)
        case .jwt: JWTShape.matches(in: bytes)
        case .privateKey: PrivateKeyShape.matches(in: bytes)
        case .awsAccessKeyID: AWSKeyShape.accessKeyIDs(in: bytes)
        case .awsSecretAccessKey: AWSKeyShape.secretAccessKeys(in: bytes)
        }
    }
}
