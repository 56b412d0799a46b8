extension ScrubEngine {
    /// The word for a password in languages other than English, lower-case: people paste
    /// credentials into chat and tickets in their own language (`初期パスワード：…`,
    /// `Das Passwort ist …`, `la contraseña es …`).
    private static let foreignPasswordNouns: [[UInt8]] = [
        "パスワード", "暗証番号", "密码", "密碼", "口令", "비밀번호", "암호", "пароль", "passwort", "kennwort", "contraseña",
        "contrasena", "mot de passe", "senha", "wachtwoord", "hasło", "haslo", "lösenord", "losenord", "adgangskode",
        "passord", "salasana", "parola", "heslo", "jelszó", "şifre", "sifre",
    ].map { Array($0.utf8) }

    /// What links a noun to its value in those languages: a colon (also the full-width `：`), `=`,
    /// the topic particles and copulas (`は`, `是`, `为`, `는`, `은`, `—`), and `ist`, `es`, `est`,
    /// `é`, `is`, `lautet`, `er`, `är`, `on`, `jest`, `je`, `wynosi`.
    private static let foreignLinks: [[UInt8]] = [
        ":", "：", "=", "は", "是", "为", "為", "는", "은", "—", "ist", "lautet", "es", "est", "é", "is", "er", "är",
        "on", "jest", "je", "wynosi",
    ].map { Array($0.utf8) }

    /// The nouns that start with each byte (lower-case for ASCII letters), by their first byte.
    private static let foreignNounsByLead: [[[UInt8]]] = {
        var leads = [[[UInt8]]](repeating: [], count: 256)
        for noun in foreignPasswordNouns { leads[Int(noun[0])].append(noun) }
        return leads
    }()
    /// Whether a noun starts with the byte: a test per byte that copies no array.
    private static let foreignNounLeads = ByteTable(foreignPasswordNouns.map { $0[0] })

    /// A password after its noun in another language: the noun, blanks, a link, blanks, then a
    /// value of 8 to 64 printable ASCII bytes without blanks that looks like a secret
    /// (`来客用Wi-Fiのパスワードは zokXdrjYiqB3 です`). A value that reads as a word, a mask or a
    /// placeholder stays; `パスワードを変更してください` (change your password) has no link and no value.
    func passwordsInOtherLanguages(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.count >= 12, rules.isEnabled(.secretField) else { return found }
        // Read once: a static's lazy initialisation is checked on every access.
        let leads = ScrubEngine.foreignNounLeads
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let lead = byte < 0x80 ? ShapeBytes.lowercase(byte) : byte
            guard leads.contains(lead),
                // A Latin-script noun is a whole word.
                byte >= 0x80 || index == 0 || bytes[index - 1] >= 0x80 || !ShapeBytes.isAlphanumeric(bytes[index - 1]),
                let noun = ScrubEngine.foreignNounsByLead[Int(lead)].first(where: {
                    ShapeBytes.matchesIgnoringCase($0, in: bytes, at: index)
                })
            else {
                index += 1
                continue
            }
            index += noun.count
            guard let value = ScrubEngine.linkedValue(bytes, after: index) else { continue }
            let secret = ScrubBytes.string(bytes, value)
            guard ScrubEngine.isQuotedSecret(secret) else { continue }
            found.spans.append(
                Span(
                    range: value, secret: secret, rule: rules.spec(.secretField),
                    summary: "password quoted in a message"))
            index = value.upperBound
        }
        return found
    }

    /// The value after a noun: blanks, one of ``foreignLinks`` (a Latin word whole), blanks, then
    /// printable ASCII up to a blank, a quote or a non-ASCII byte, trailing punctuation dropped.
    private static func linkedValue(_ bytes: [UInt8], after start: Int) -> Range<Int>? {
        var cursor = start
        while cursor < bytes.count, ShapeBytes.isBlank(bytes[cursor]) { cursor += 1 }
        guard
            let link = foreignLinks.first(where: { link in
                ShapeBytes.matchesIgnoringCase(link, in: bytes, at: cursor)
                    && (!ShapeBytes.isLetter(link[0])
                        || cursor + link.count < bytes.count
                            && ShapeBytes.isBlank(bytes[cursor + link.count]))
            })
        else { return nil }
        cursor += link.count
        while cursor < bytes.count, ShapeBytes.isBlank(bytes[cursor]) { cursor += 1 }
        if cursor < bytes.count, proseQuotes.contains(bytes[cursor]) { cursor += 1 }
        let valueStart = cursor
        while cursor < bytes.count, bytes[cursor] > 0x20, bytes[cursor] < 0x7F, !proseQuotes.contains(bytes[cursor]),
            bytes[cursor] != UInt8(ascii: "<")
        {
            cursor += 1
        }
        var valueEnd = cursor
        while valueEnd > valueStart, proseTrailing.contains(bytes[valueEnd - 1]) { valueEnd -= 1 }
        guard (8...64).contains(valueEnd - valueStart) else { return nil }
        return valueStart..<valueEnd
    }
}
