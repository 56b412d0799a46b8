import CassetteScrubbing
import Foundation
import Testing

/// The secret and false-positive corpora (`Corpus/Secrets`, `Corpus/Benign`): cassettes of
/// realistic provider traffic, scrubbed by the default scrubber.
///
/// The files are written by `Tools/corpus/make_secrets.py` and `make_benign.py`, then made
/// canonical with `CASSETTE_CANONICALIZE_CORPUS=1 swift test --filter ScrubCorpusTests`.
@Suite struct ScrubCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    struct Secret: Decodable, Sendable {
        var value: String
        var file: String
        var category: String
        var `where`: String
    }

    struct Manifest: Decodable {
        var secrets: [Secret]
    }

    static let manifest: [Secret] = {
        let url = corpus.appendingPathComponent("Secrets/manifest.json")
        guard let data = try? Data(contentsOf: url), let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        return manifest.secrets
    }()

    static func files(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path))
        return (names ?? []).filter { $0.hasSuffix(".json") && $0 != "manifest.json" }.sorted()
    }

    static let secretFiles = files("Secrets")
    static let benignFiles = files("Benign")

    static func read(_ folder: String, _ file: String) throws -> (data: Data, document: CassetteDocument) {
        let url = corpus.appendingPathComponent(folder).appendingPathComponent(file)
        let data = try Data(contentsOf: url)
        return (data, try CassetteDocument.decode(data, path: url.path))
    }

    // MARK: - The files

    @Test func theCorporaAreLargeEnough() {
        #expect(Set(Self.manifest.map(\.value)).count >= 200)
        #expect(Set(Self.manifest.map(\.value)).count == Self.manifest.count, "a secret is listed twice")
        #expect(Self.benignFiles.count >= 50)
        #expect(Set(Self.manifest.map(\.file)) == Set(Self.secretFiles))
    }

    @Test(arguments: files("Secrets").map { "Secrets/" + $0 } + files("Benign").map { "Benign/" + $0 })
    func everyCorpusFileDecodesAndIsCanonical(path: String) throws {
        let parts = path.split(separator: "/").map(String.init)
        let (data, document) = try Self.read(parts[0], parts[1])
        let canonical = document.encoded()
        if ProcessInfo.processInfo.environment["CASSETTE_CANONICALIZE_CORPUS"] == "1", canonical != data {
            try canonical.write(to: Self.corpus.appendingPathComponent(path))
            return
        }
        #expect(canonical == data, "\(path) is not canonical: CASSETTE_CANONICALIZE_CORPUS=1 rewrites it")
    }

    @Test(arguments: files("Secrets"))
    func everySecretOfTheManifestIsInItsFile(file: String) throws {
        let (data, document) = try Self.read("Secrets", file)
        let texts = CorpusSearch.texts(of: document, encoded: data)
        for secret in Self.manifest where secret.file == file {
            #expect(CorpusSearch.firstSpelling(of: secret.value, in: texts) != nil, "\(secret.where) not in \(file)")
        }
    }

    // MARK: - Scrubbing the secret corpus

    @Test(arguments: files("Secrets"))
    func scrubbingLeavesNoSecretInAnySpelling(file: String) throws {
        let (_, document) = try Self.read("Secrets", file)
        let scrubbed = Scrubber.default.scrub(document)
        let texts = CorpusSearch.texts(of: scrubbed, encoded: scrubbed.encoded())
        let leaks = Self.manifest.filter { $0.file == file }.compactMap { secret in
            CorpusSearch.firstSpelling(of: secret.value, in: texts).map { (secret, $0) }
        }
        for (secret, spelling) in leaks {
            Issue.record("\(file): \(secret.category) secret left (\(spelling) spelling): \(secret.where)")
        }
    }

    @Test(arguments: files("Secrets"))
    func lintReportsEveryInteractionThatHoldsASecret(file: String) throws {
        let (_, document) = try Self.read("Secrets", file)
        let findings = Scrubber.default.findings(in: document)
        let secrets = Self.manifest.filter { $0.file == file }
        var unreported: [String] = []
        for (index, interaction) in document.interactions.enumerated() {
            let single = CassetteDocument(interactions: [interaction])
            let texts = CorpusSearch.texts(of: single, encoded: single.encoded())
            let held = secrets.filter { CorpusSearch.firstSpelling(of: $0.value, in: texts) != nil }
            guard !held.isEmpty else { continue }
            if !findings.contains(where: { $0.path.hasPrefix("interactions[\(index)]") }) {
                unreported.append("interactions[\(index)] holds \(held.map(\.where).joined(separator: "; "))")
            }
        }
        for place in unreported {
            Issue.record("\(file): no finding in \(place)")
        }
    }

    /// Lint proves a long cassette clean in parallel slices before it runs the two passes: a secret
    /// in any one interaction among many clean ones, at the start, the middle or the end, must
    /// still be found, with the same findings as in a cassette of its own.
    @Test(arguments: files("Secrets"))
    func findingsInALongCassetteAreThoseOfItsSecretInteractions(file: String) throws {
        let (_, document) = try Self.read("Secrets", file)
        let clean = try Self.benignFiles.prefix(12).flatMap { try Self.read("Benign", $0).document.interactions }
        let filler = Array(repeating: clean, count: 4).flatMap { $0 }
        #expect(filler.count >= 16)
        #expect(Scrubber.default.findings(in: CassetteDocument(interactions: filler)).isEmpty)
        for (index, interaction) in document.interactions.enumerated() {
            let alone = Scrubber.default.findings(in: CassetteDocument(interactions: [interaction]))
            guard !alone.isEmpty else { continue }
            for position in [0, filler.count / 2, filler.count] {
                var interactions = filler
                interactions.insert(interaction, at: position)
                let found = Scrubber.default.findings(in: CassetteDocument(interactions: interactions))
                let expected = alone.map {
                    $0.path.replacingOccurrences(of: "interactions[0]", with: "interactions[\(position)]")
                }
                #expect(found.map(\.path) == expected, "\(file): interaction \(index) at \(position)")
            }
        }
    }

    // MARK: - The false-positive corpus

    @Test(arguments: files("Benign"))
    func benignFilesComeThroughByteIdentical(file: String) throws {
        let (data, document) = try Self.read("Benign", file)
        let scrubbed = Scrubber.default.scrub(document).encoded()
        let findings = Scrubber.default.findings(in: document)
        #expect(scrubbed == data, "\(file) changed by scrubbing")
        #expect(findings.isEmpty, "\(file): \(findings.map(\.description).joined(separator: "; "))")
    }
}

/// Where a secret may hide in a cassette, and the spellings it may take there.
enum CorpusSearch {
    /// The texts to search: the file's bytes, every body's bytes (as UTF-8 and as Latin-1), the
    /// members of compressed bodies and archives, and whatever base64 runs and percent-encoded text in them decode to, three levels deep.
    static func texts(of document: CassetteDocument, encoded: Data) -> [String] {
        var texts = [String(decoding: encoded, as: UTF8.self)]
        for interaction in document.interactions {
            var bodies = [interaction.request.body]
            if let response = interaction.response { bodies.append(response.body) }
            for case let body? in bodies {
                texts.append(String(decoding: body, as: UTF8.self))
                texts.append(String(data: body, encoding: .isoLatin1) ?? "")
            }
        }
        texts += ArchiveContents.texts(of: document)
        var frontier = texts
        for _ in 0..<3 {
            var next: [String] = []
            for text in frontier {
                next += base64Runs(in: text)
                if text.contains("%"), let decoded = text.removingPercentEncoding, decoded != text {
                    next.append(decoded)
                }
                let plus = text.replacingOccurrences(of: "+", with: " ")
                if plus != text, let decoded = plus.removingPercentEncoding, decoded != text { next.append(decoded) }
            }
            texts += next
            frontier = next
        }
        return texts
    }

    static let base64Run = try! NSRegularExpression(pattern: #"[A-Za-z0-9+/_\-]{16,}={0,2}"#)

    /// What the base64 runs of `text` decode to (standard or URL alphabet), as UTF-8 and Latin-1.
    static func base64Runs(in text: String) -> [String] {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return base64Run.matches(in: text, range: range).flatMap { match -> [String] in
            guard let run = Range(match.range, in: text) else { return [] }
            var standard = text[run].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            standard = standard.trimmingCharacters(in: CharacterSet(charactersIn: "="))
            standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
            guard let data = Data(base64Encoded: standard) else { return [] }
            return [String(decoding: data, as: UTF8.self), String(data: data, encoding: .isoLatin1) ?? ""]
        }
    }

    /// The name of the first spelling of `secret` found in any of `texts`, or `nil`.
    static func firstSpelling(of secret: String, in texts: [String]) -> String? {
        for (name, spelling) in spellings(of: secret) where texts.contains(where: { $0.contains(spelling) }) {
            return name
        }
        return nil
    }

    /// The spellings a secret may take in a cassette: raw; percent-encoded (upper- and lower-case
    /// hex, and `+` for spaces); JSON-escaped, with and without `\/`, and with `\u00XX` escapes;
    /// base64 (standard and URL alphabets, padded or not); HTML character references.
    static func spellings(of secret: String) -> [(String, String)] {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let percent = secret.addingPercentEncoding(withAllowedCharacters: unreserved) ?? secret
        let lowerPercent = lowercasingEscapes(percent)
        let json = secret.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        func escaped(_ upper: Bool, only: Set<Character>? = nil) -> String {
            String(
                secret.unicodeScalars.map { scalar -> String in
                    let isWord = CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII
                    guard !isWord, scalar.value < 0x80 else { return String(scalar) }
                    if let only, !only.contains(Character(scalar)) { return String(scalar) }
                    let hex = String(scalar.value, radix: 16, uppercase: upper)
                    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }.joined())
        }
        func entities(_ style: Int) -> String {
            secret.unicodeScalars.map { scalar -> String in
                let isWord = CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII
                if isWord || scalar.value >= 0x80 { return String(scalar) }
                switch style {
                case 0: return "&#\(scalar.value);"
                case 1: return "&#x" + String(scalar.value, radix: 16) + ";"
                case 2: return "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                default:
                    let named = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
                    return named[String(scalar)] ?? String(scalar)
                }
            }.joined()
        }
        let base64 = Data(secret.utf8).base64EncodedString()
        let base64URL = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        var spellings = [
            ("raw", secret), ("percent-encoded", percent), ("percent-encoded lower-case", lowerPercent),
            ("form-encoded", percent.replacingOccurrences(of: "%20", with: "+")), ("JSON-escaped", json),
            ("JSON-escaped with \\/", json.replacingOccurrences(of: "/", with: "\\/")),
            ("\\u-escaped", escaped(false)), ("\\u-escaped upper-case", escaped(true)),
            // What HTML-safe JSON encoders escape (`&`, `<`, `>`, `=`, `'`, `+`) and `@` in some mailers.
            ("\\u-escaped HTML-safe", escaped(false, only: ["&", "<", ">", "=", "'", "+", "@"])),
            ("base64", base64.trimmingCharacters(in: CharacterSet(charactersIn: "="))),
            ("base64url", base64URL.trimmingCharacters(in: CharacterSet(charactersIn: "="))),
            ("HTML decimal references", entities(0)), ("HTML hex references", entities(1)),
            ("HTML hex references upper-case", entities(2)), ("HTML named references", entities(3)),
        ]
        // Short secrets (a six-digit code) are searched for raw only where they cannot be a piece of
        // an unrelated number or word: the base64 of a short text is too short to mean anything.
        if secret.utf8.count < 12 { spellings.removeAll { $0.0.hasPrefix("base64") } }
        return spellings
    }

    static func lowercasingEscapes(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(of: "%") {
            out += rest[..<index]
            let escape = rest[index...].prefix(3)
            out += escape.lowercased()
            rest = rest[escape.endIndex...]
        }
        return out + rest
    }
}
