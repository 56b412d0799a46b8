import CassetteModel
import Foundation

/// Which secrets are replaced wherever they appear (their echoes), and which only where a rule found
/// them.
///
/// A secret found by its shape always echoes. A value found by the name of its field (or header,
/// cookie, query item) echoes only when it looks like a secret: long and mixed enough that it cannot
/// be an ordinary word. `{"auth_provider": "google"}` must not rewrite every `googleapis.com` URL.
enum ScrubEchoPolicy {
    /// Whether a value found by name is also replaced where no rule found it.
    static func echoes(_ value: String) -> Bool {
        looksLikeSecret(value)
    }

    /// Long and random enough to be a secret rather than a word: six characters or more with a digit
    /// and a letter (`hunter2`), eight or more of two classes with a digit or symbol (`tok/en+abc`),
    /// or sixteen or more of two classes or with spaces (`correct horse battery`); digits alone
    /// only from twelve on. Never a word on ``SecretNames/benignValues`` nor prose.
    static func looksLikeSecret(_ value: String) -> Bool {
        let count = value.utf8.count
        guard count >= Scrubber.minimumEchoLength else { return false }
        var lower = false
        var upper = false
        var digit = false
        var other = false
        var spaces = 0
        for byte in value.utf8 {
            if ShapeBytes.isLower(byte) {
                lower = true
            } else if ShapeBytes.isUpper(byte) {
                upper = true
            } else if ShapeBytes.isDigit(byte) {
                digit = true
            } else if byte == 0x20 {
                spaces += 1
            } else {
                other = true
            }
        }
        guard spaces < 4, !SecretNames.benignValues.contains(value.lowercased()) else { return false }
        let classes = [lower, upper, digit, other].filter { $0 }.count
        if digit && !lower && !upper && !other { return count >= 12 }
        if count >= 16 && (classes >= 2 || spaces > 0) { return true }
        if count >= 8 && classes >= 2 && (digit || other) { return true }
        return digit && (lower || upper)
    }

    /// Whether a value is prose (a validation message, a sentence), which a name does not make a
    /// secret when it stands in a list or under a container.
    static func isProse(_ value: String) -> Bool {
        value.utf8.filter { $0 == 0x20 }.count >= 3
    }

    /// Natural language, as translations are: letters (any script), spaces and sentence
    /// punctuation, no digits, and either several words, letters beyond ASCII, or one capitalised
    /// word (`Passwort`, `Mot de passe`, `Jeton d'accès`); never a run-together identifier.
    static func isNaturalLanguage(_ value: String) -> Bool {
        guard !value.isEmpty, value.count <= 200 else { return false }
        var letters = 0
        var placeholder = false
        for character in value {
            if character.isLetter {
                letters += 1
            } else if placeholder {
                // Inside a message format's placeholder (`{0}`, `{name}`): digits and letters.
                if character == "}" { placeholder = false } else if !character.isNumber { return false }
            } else if character == "{" {
                placeholder = true
            } else if !(character == " " || "'’-?!.,:;…()«»\"¿¡".contains(character)) {
                return false
            }
        }
        guard !placeholder else { return false }
        guard letters >= 2 else { return false }
        if value.utf8.contains(0x20) || value.utf8.contains(where: { $0 >= 0x80 }) { return true }
        guard let first = value.first, first.isUppercase else { return false }
        return value.dropFirst().allSatisfy { $0.isLowercase }
    }

    /// Public key material that sits under key-like names (`ssh-ed25519 AAAA…`, a PEM public key or
    /// certificate): never a secret.
    static func isPublicKey(_ value: String) -> Bool {
        value.hasPrefix("ssh-") || value.hasPrefix("ecdsa-sha2-") || value.hasPrefix("sk-ssh-")
            || value.hasPrefix("-----BEGIN PUBLIC KEY") || value.hasPrefix("-----BEGIN CERTIFICATE")
            || value.hasPrefix("-----BEGIN RSA PUBLIC KEY") || value.hasPrefix("-----BEGIN PGP PUBLIC")
    }

    /// Values that are public by design, whatever name they stand under: publishable keys (Stripe
    /// `pk_live_`/`pk_test_`, Mapbox public tokens `pk.eyJ…`, PostHog project keys `phc_…`), client keys meant for browsers (Adyen
    /// `live_`/`test_` and 32 upper-case letters or digits), Sentry DSNs, and signatures made with a private key
    /// (base64 of a DER ECDSA signature, `MEUCI…`: cosign, Sigstore), which anyone may verify and
    /// none can replay.
    static func isPublicByDesign(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        if value.hasPrefix("pk_live_") || value.hasPrefix("pk_test_") || value.hasPrefix("pk_sbox_")
            || value.hasPrefix("pk.eyJ")
        {
            return true
        }
        // Datadog's client token (`pub` and 32 hex digits), which browser SDKs (RUM, logs) send.
        if bytes.count == 35, value.hasPrefix("pub"), bytes[3...].allSatisfy(ShapeBytes.isHexDigit) { return true }
        // An Oracle Cloud resource's id (`ocid1.vaultsecret.oc1.iad.amaaaa…`), a secret's too: it
        // names the resource; reading it takes the caller's signed request.
        if value.hasPrefix("ocid1."), bytes.count >= 20, bytes.count <= 255,
            bytes.allSatisfy({ ShapeBytes.isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
        {
            return true
        }
        // PubNub's publish and subscribe keys (`pub-c-<uuid>`, `sub-c-<uuid>`), which every client
        // holds; its secret key is `sec-c-`.
        if bytes.count == 42, value.hasPrefix("pub-c-") || value.hasPrefix("sub-c-"),
            ShapeBytes.isUUID(Array(bytes[6...]))
        {
            return true
        }
        // Statsig's client SDK key (`client-` and 40 or more letters and digits), which browsers and
        // apps send; its server secret is `secret-`.
        if bytes.count >= 47, bytes.count <= 80, value.hasPrefix("client-"),
            bytes[7...].allSatisfy(ShapeBytes.isAlphanumeric)
        {
            return true
        }
        // Client keys that payment and feature-flag SDKs ship to browsers and apps: Midtrans'
        // `Mid-client-` (`SB-Mid-client-` in its sandbox), DevCycle's `dvc_client_` and
        // `dvc_mobile_`; their server keys are `Mid-server-` and `dvc_server_`.
        for prefix in ["Mid-client-", "SB-Mid-client-", "dvc_client_", "dvc_mobile_"] where value.hasPrefix(prefix) {
            let rest = bytes[prefix.utf8.count...]
            if rest.count >= 12, rest.count <= 80,
                rest.allSatisfy({ ShapeBytes.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
            {
                return true
            }
        }
        // PostHog's project key (`phc_`), which its browser snippet sends; personal keys are `phx_`.
        if value.hasPrefix("phc_"), bytes.count >= 40, bytes[4...].allSatisfy(ShapeBytes.isAlphanumeric) { return true }
        if bytes.count == 37, value.hasPrefix("live_") || value.hasPrefix("test_"),
            bytes[5...].allSatisfy({ ShapeBytes.isUpper($0) || ShapeBytes.isDigit($0) })
        {
            return true
        }
        return isPublicDSN(bytes) || isAsymmetricSignature(bytes) || isAnonymousRoleJWT(bytes)
            || isCiphertextEnvelope(bytes)
    }

    /// A value already encrypted, in the envelope of the tool that encrypted it: Jenkins' `{AQAAAB…}`,
    /// DigitalOcean's `EV[1:…]`, SOPS' `ENC[AES256_GCM,data:…]`, Ansible Vault's `$ANSIBLE_VAULT;`,
    /// HashiCorp Vault transit's `vault:v1:…`, GoCD's `AES:…:…`. It is what the tool stores and shows in place of the
    /// secret; reading it takes a key the recording does not hold.
    static func isCiphertextEnvelope(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 24 else { return false }
        if bytes.starts(with: "{AQAAAB".utf8), bytes.last == UInt8(ascii: "}"),
            bytes[1..<(bytes.count - 1)].allSatisfy({ ShapeBytes.isBase64($0) || $0 == UInt8(ascii: "=") })
        {
            return true
        }
        if bytes.starts(with: "EV[1:".utf8) || bytes.starts(with: "ENC[AES256_GCM,data:".utf8) {
            return bytes.last == UInt8(ascii: "]") && !bytes.contains(0x20)
        }
        if bytes.starts(with: "vault:v".utf8), let colon = bytes[7...].firstIndex(of: UInt8(ascii: ":")),
            bytes[7..<colon].allSatisfy(ShapeBytes.isDigit), colon > 7
        {
            let body = bytes[(colon + 1)...]
            let unpadded = body.prefix(while: { $0 != UInt8(ascii: "=") })
            return !unpadded.isEmpty && unpadded.allSatisfy(ShapeBytes.isBase64)
                && body.count - unpadded.count <= 2
                && body.dropFirst(unpadded.count).allSatisfy { $0 == UInt8(ascii: "=") }
        }
        // GoCD's `AES:<iv>:<ciphertext>`, both parts base64.
        if bytes.starts(with: "AES:".utf8) {
            let parts = bytes[4...].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            return parts.count == 2
                && parts.allSatisfy { part in
                    part.count >= 8 && part.allSatisfy { ShapeBytes.isBase64($0) || $0 == UInt8(ascii: "=") }
                }
        }
        return bytes.starts(with: "$ANSIBLE_VAULT;".utf8)
    }

    /// A JWT that grants the anonymous role and names no one (`"role": "anon"`, no `sub`): Supabase's
    /// anon key and PostgREST's anonymous token, which apps ship to every browser. A user's session
    /// token (`"role": "authenticated"`, a `sub`) and the `service_role` key stay secrets.
    static func isAnonymousRoleJWT(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 40, bytes.count <= 2_048, bytes.starts(with: "eyJ".utf8) else { return false }
        let segments = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count == 3,
            let payload = ScrubTextCodecs.base64Text(String(decoding: segments[1], as: UTF8.self)),
            case .object(let claims)? = try? JSONParser.parse(Data(payload.decoded.utf8))
        else { return false }
        var anonymous = false
        for claim in claims {
            switch claim.key {
            case "role": anonymous = claim.value == .string("anon") || claim.value == .string("anonymous")
            case "sub", "email", "user_id", "uid", "session_id": return false
            default: continue
            }
        }
        return anonymous
    }

    /// A whole Sentry DSN with its public key only (`https://<key>@o1.ingest.sentry.io/2`), whatever
    /// the name it sits under (`SENTRY_DSN`, `"dsn"`).
    static func isPublicDSN(_ bytes: [UInt8]) -> Bool {
        guard let separator = ScrubBytes.firstIndex(of: Array("://".utf8), in: bytes, from: 0),
            !bytes.contains(where: ShapeBytes.isSpace)
        else { return false }
        let authority = bytes[(separator + 3)...].prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        guard let at = authority.lastIndex(of: UInt8(ascii: "@")) else { return false }
        return isSentryKey(user: bytes[authority.startIndex..<at], host: bytes[(at + 1)..<authority.endIndex])
    }

    /// The user of a Sentry DSN: a public key that Sentry's browser SDKs ship to every visitor. A
    /// legacy DSN's `public:secret` is no such user; its secret stays one.
    static func isSentryKey(user: ArraySlice<UInt8>, host: ArraySlice<UInt8>) -> Bool {
        guard !user.isEmpty, !user.contains(UInt8(ascii: ":")) else { return false }
        let name = String(decoding: host.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self).lowercased()
        return name == "sentry.io" || name.hasSuffix(".sentry.io")
    }

    /// Base64 of a DER `SEQUENCE` of two `INTEGER`s (an ECDSA signature), its lengths consistent.
    static func isAsymmetricSignature(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 88, bytes.count <= 200, bytes.starts(with: "ME".utf8),
            let data = Data(base64Encoded: Data(bytes))
        else { return false }
        let der = [UInt8](data)
        guard der.count >= 8, der[0] == 0x30, Int(der[1]) == der.count - 2, der[2] == 0x02 else { return false }
        let second = 4 + Int(der[3])
        guard second + 2 <= der.count, der[second] == 0x02 else { return false }
        return second + 2 + Int(der[second + 1]) == der.count
    }

    /// A reference to a value kept elsewhere, not the value: a template (`${DB_PASSWORD}`,
    /// `{{ secrets.TOKEN }}`, `%(password)s`, `<%= ENV['KEY'] %>`), an environment variable (`$API_KEY`),
    /// a secret named by a configuration's tag or store (Home Assistant's `!secret db_password`,
    /// TeamCity's `credentialsJSON:<id>`), or, when `dottedPaths`, a dotted identifier path
    /// (`process.env.DB_PASSWORD`, `settings.api_key`).
    static func isReference(_ value: String, dottedPaths: Bool) -> Bool {
        if value.hasPrefix("${") || value.hasPrefix("{{") || value.hasPrefix("%(") || value.hasPrefix("<%")
            || value.hasPrefix("#{")
        {
            return true
        }
        for tag in ["!secret ", "credentialsJSON:"] where value.hasPrefix(tag) {
            let name = value.utf8.dropFirst(tag.utf8.count)
            if !name.isEmpty, name.count <= 128, name.allSatisfy({ ShapeBytes.isWord($0) || $0 == UInt8(ascii: "-") }) {
                return true
            }
        }
        let bytes = Array(value.utf8)
        func isIdentifier(_ part: ArraySlice<UInt8>) -> Bool {
            guard let first = part.first, ShapeBytes.isLetter(first) || first == UInt8(ascii: "_") else { return false }
            return part.allSatisfy { ShapeBytes.isWord($0) }
        }
        if bytes.first == UInt8(ascii: "$"), bytes.count > 1, isIdentifier(bytes.dropFirst()) { return true }
        guard dottedPaths, bytes.contains(UInt8(ascii: ".")) else { return false }
        return bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy(isIdentifier)
    }

    /// A dotted path of words (`process.env.DB_PASSWORD`, `settings.api_key`, `auth.password.label`):
    /// letters and `_`, with at most two digits at a word's end. Stricter than the dotted paths of
    /// ``isReference(_:dottedPaths:)``, whose words may hold digits anywhere: a random value with a
    /// dot in it (a password, a bootstrap token's `abc123.0123…`) has digits inside its words.
    static func isIdentifierPath(_ value: String) -> Bool {
        let words = value.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard words.count >= 2 else { return false }
        return words.allSatisfy { word in
            let letters = word.prefix { ShapeBytes.isLetter($0) || $0 == UInt8(ascii: "_") }
            let rest = word.dropFirst(letters.count)
            return !letters.isEmpty && rest.count <= 2 && rest.allSatisfy(ShapeBytes.isDigit)
        }
    }
}
