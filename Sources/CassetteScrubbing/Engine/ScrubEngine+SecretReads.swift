extension ScrubEngine {
    /// Commands that print one secret and nothing else, each as the words its line must hold (in
    /// any ASCII case): the secret is the line that follows, in a pasted shell session.
    private static let secretReadingCommands: [[[UInt8]]] = [
        ["vault ", " -field"], ["secretsmanager get-secret-value", "text"], ["gcloud secrets versions access"],
        ["op read "], ["pass show "], ["kubectl get secret", "base64 -d"], ["kubectl get secret", "base64 --decode"],
        ["keyvault secret show", "tsv"], ["doppler secrets get", "--plain"], ["infisical secrets get", "--plain"],
        ["find-generic-password", " -w"], ["ssm get-parameter", "--with-decryption", "text"],
    ].map { $0.map { Array($0.utf8) } }

    /// The secret a command of ``secretReadingCommands`` printed in a pasted shell session:
    /// `$ vault kv get -field=password secret/prod/redis` followed by one line of 8 to 512 bytes
    /// without blanks that looks like a secret (or several, as a PEM key is, which the key rule
    /// takes). The command line and the prompt after stay.
    func secretsReadByCommands(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.count >= 24, rules.isEnabled(.secretField), let first = ScrubEngine.firstCommandWord(bytes) else {
            return found
        }
        // From the start of the line of the first command's word.
        var lineStart = bytes[..<first].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            guard lineEnd - lineStart >= 8, lineEnd - lineStart <= 1_024, lineEnd < bytes.count,
                ScrubEngine.secretReadingCommands.contains(where: { words in
                    words.allSatisfy { ScrubEngine.holdsIgnoringCase($0, in: bytes, lineStart..<lineEnd) }
                })
            else { continue }
            let valueStart = lineEnd + 1
            var valueEnd = valueStart
            while valueEnd < bytes.count, bytes[valueEnd] != 0x0A { valueEnd += 1 }
            if valueEnd > valueStart, bytes[valueEnd - 1] == 0x0D { valueEnd -= 1 }
            guard (8...512).contains(valueEnd - valueStart),
                !bytes[valueStart..<valueEnd].contains(where: { $0 <= 0x20 })
            else { continue }
            let secret = ScrubBytes.string(bytes, valueStart..<valueEnd)
            guard ScrubEchoPolicy.looksLikeSecret(secret), !ScrubBytes.contains(secret, "SCRUBBED"),
                !ScrubEngine.isNeverSecret(secret, inherited: false)
            else { continue }
            found.spans.append(
                Span(
                    range: valueStart..<valueEnd, secret: secret, rule: rules.spec(.secretField),
                    summary: "secret printed by a command that reads one"))
        }
        return found
    }

    /// The first words of ``secretReadingCommands``, lower-case, by their first byte.
    private static let commandWordsByLead: [[[UInt8]]] = {
        var leads = [[[UInt8]]](repeating: [], count: 128)
        for words in secretReadingCommands {
            let word = Array(words[0].drop { $0 == 0x20 })
            if !leads[Int(word[0])].contains(word) { leads[Int(word[0])].append(word) }
        }
        return leads
    }()

    /// Whether a command's first word starts with the byte.
    private static let commandLeads = ByteSet(
        bytes: secretReadingCommands.compactMap { $0[0].first(where: { $0 != 0x20 }) })

    /// Where the first word that starts a command of ``secretReadingCommands`` stands, at the start
    /// of a word, in a text with more than one line; `nil` when none does (most texts: one pass
    /// that looks at a byte only where a word starts).
    private static func firstCommandWord(_ bytes: [UInt8]) -> Int? {
        guard bytes.contains(0x0A) else { return nil }
        // Read once: a static's lazy initialisation is checked on every access.
        let leads = commandLeads
        for index in bytes.indices where bytes[index] < 0x80 {
            let lead = ShapeBytes.lowercase(bytes[index])
            guard leads.contains(lead), index == 0 || !ShapeBytes.isAlphanumeric(bytes[index - 1]) else {
                continue
            }
            let candidates = commandWordsByLead[Int(lead)]
            if candidates.contains(where: { ShapeBytes.matchesIgnoringCase($0, in: bytes, at: index) }) {
                return index
            }
        }
        return nil
    }

    /// Whether `word` occurs in `range` of `bytes`, in any ASCII case (`word` lower-case).
    static func holdsIgnoringCase(_ word: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count >= word.count else { return false }
        for offset in range.lowerBound...(range.upperBound - word.count)
        where ShapeBytes.matchesIgnoringCase(word, in: bytes, at: offset) {
            return true
        }
        return false
    }
}
