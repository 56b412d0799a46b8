/// Email addresses in text: a local part, `@` (or `%40`, percent-encoded), and a domain of at least
/// two labels whose last is a top-level domain. Letters and digits of any script count, upper case
/// too (`JOSÉ.MÜLLER@BEISPIEL.DE`).
///
/// Not addresses: file names with a scale (`icon@2x.png`, `avatar@2x.avif`), package versions
/// (`left-pad@1.3.0`), SSH remotes (`git@github.com:org/repo`), the user and host of a URL
/// (`ssh://git@github.com/org/repo`) and message identifiers
/// (`<20240101.1.ABCDEF@mail.example.com>`).
enum EmailShape {
    /// The symbols an address's local part may hold beside letters and digits.
    static let localSymbols = ByteSet("._%+-")

    /// The last labels of file names, never top-level domains of addresses.
    static let fileExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "svg", "webp", "heic", "heif", "avif", "bmp", "tif", "tiff", "pdf", "ico",
        "js", "mjs", "cjs", "ts", "tsx", "jsx", "css", "scss", "json", "html", "htm", "txt", "xml", "yaml", "yml",
        "mp3", "mp4", "m4a", "wav", "ogg", "webm", "woff", "woff2", "ttf", "otf", "eot", "wasm", "map", "gz",
        "tgz", "svgz", "apng",
        // Documents, archives and data files; none is a top-level domain (unlike `zip`, `mov`, `md`,
        // `ps`, `sh` or `py`, which are, and stay out of this list).
        "vcf", "ics", "eml", "msg", "csv", "tsv", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods",
        "odp", "rtf", "log", "ini", "toml", "asc", "gpg", "pgp", "crt", "cer", "der", "pfx", "tar", "bz2", "rar",
        "apk", "dmg", "exe", "iso", "deb", "rpm", "jar", "whl", "bak", "tmp", "pkpass", "ipa",
    ]

    static func matches(in bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var floor = 0
        var index = 0
        while index < bytes.count {
            guard let atLength = atSignLength(bytes, at: index) else {
                index += 1
                continue
            }
            if let range = address(in: bytes, at: index, atLength: atLength, floor: floor) {
                found.append(range)
                floor = range.upperBound
                index = range.upperBound
            } else {
                // A later address's local part never reaches back over this at sign.
                floor = index + atLength
                index += atLength
            }
        }
        return found
    }

    /// The spellings of an at sign: `@`, percent-encoded `%40`, and the HTML references `&#64;`
    /// and `&#x40;` that pages use to hide addresses from harvesters.
    static let atSigns = ["@", "%40", "&#64;", "&#x40;"].map { Array($0.utf8) }

    /// The length of the at sign at `index`, if one is there.
    static func atSignLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "@") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "&") else { return nil }
        return atSigns.first { ScrubBytes.matches($0, in: bytes, at: index) }?.count
    }

    /// The address with its at sign written `@`.
    static func decoded(_ address: String) -> String {
        var bytes = Array(address.utf8)
        var index = 0
        while index < bytes.count {
            if let length = atSignLength(bytes, at: index), length > 1 {
                bytes.replaceSubrange(index..<(index + length), with: [UInt8(ascii: "@")])
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The address around the `@` at `at`, if there is one.
    private static func address(in bytes: [UInt8], at: Int, atLength: Int, floor: Int) -> Range<Int>? {
        // The local part: as far left as local-part characters go.
        var start = at
        var hasAlphanumeric = false
        while start > floor {
            let byte = bytes[start - 1]
            if byte < 0x80 {
                guard ShapeBytes.isAlphanumeric(byte) || EmailShape.localSymbols.contains(byte) else { break }
                if ShapeBytes.isAlphanumeric(byte) { hasAlphanumeric = true }
                start -= 1
            } else {
                guard let scalarStart = ShapeBytes.scalarStart(in: bytes, endingAt: start, notBefore: floor),
                    let (scalar, _) = ShapeBytes.scalar(in: bytes, at: scalarStart), ShapeBytes.isLetterOrDigit(scalar)
                else { break }
                hasAlphanumeric = true
                start = scalarStart
            }
        }
        while start < at, bytes[start] == UInt8(ascii: ".") { start += 1 }
        guard start < at, hasAlphanumeric else { return nil }
        // The domain: labels and dots as far right as they go, then back to the last label that is
        // a top-level domain.
        let domainStart = at + atLength
        var end = domainStart
        while end < bytes.count {
            let byte = bytes[end]
            if byte < 0x80 {
                guard ShapeBytes.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else {
                    break
                }
                end += 1
            } else {
                guard let (scalar, length) = ShapeBytes.scalar(in: bytes, at: end), ShapeBytes.isLetterOrDigit(scalar)
                else { break }
                end += length
            }
        }
        let next = end < bytes.count ? bytes[end] : nil
        while end > domainStart, bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: "-") {
            end -= 1
        }
        while end > domainStart {
            guard let dot = (domainStart..<end).last(where: { bytes[$0] == UInt8(ascii: ".") }), dot > domainStart
            else { return nil }
            if isTopLevelDomain(bytes[(dot + 1)..<end]) { break }
            end = dot
        }
        guard end > domainStart else { return nil }
        // `ssh://git@github.com/…` is a URL's user info and host.
        if start >= 3, bytes[(start - 3)..<start].elementsEqual("://".utf8) { return nil }
        // `git@github.com:org/repo` is an SSH remote.
        if next == UInt8(ascii: ":"), end + 1 < bytes.count, !ShapeBytes.isSpace(bytes[end + 1]) {
            return nil
        }
        // `<long.random.id@host>` is a message identifier.
        if start > 0, bytes[start - 1] == UInt8(ascii: "<"), end < bytes.count, bytes[end] == UInt8(ascii: ">"),
            at - start >= 16, bytes[start..<at].contains(where: ShapeBytes.isDigit)
        {
            return nil
        }
        // `cid:logo@acme.example` (RFC 2392) names a MIME part.
        if start >= 4,
            ["cid:", "mid:"].contains(String(decoding: bytes[(start - 4)..<start], as: UTF8.self).lowercased())
        {
            return nil
        }
        if isNotAPerson(local: bytes[start..<at], domain: bytes[domainStart..<end]) { return nil }
        return start..<end
    }

    /// Addresses that name no person: role mailboxes (RFC 2142's and their kin: `billing@`,
    /// `no-reply@`, `ops@`, every word of the local part a role) and cloud service accounts
    /// (`…@…iam.gserviceaccount.com`, `…-compute@developer.gserviceaccount.com`).
    static func isNotAPerson(local: ArraySlice<UInt8>, domain: ArraySlice<UInt8>) -> Bool {
        let host = String(decoding: domain, as: UTF8.self).lowercased()
        if host == "gserviceaccount.com" || host.hasSuffix(".gserviceaccount.com") { return true }
        let mailbox = String(decoding: local, as: UTF8.self).lowercased().prefix { $0 != "+" }
        let words = mailbox.split { $0 == "." || $0 == "-" || $0 == "_" }
        return !words.isEmpty && words.allSatisfy { roleWords.contains(String($0)) }
    }

    /// Words of role mailboxes: RFC 2142's, those of mail systems and of company functions.
    static let roleWords: Set<String> = [
        "info", "marketing", "sales", "support", "abuse", "noc", "security", "postmaster", "hostmaster",
        "webmaster", "usenet", "news", "www", "ftp", "no", "not", "do", "reply", "noreply", "donotreply", "replies",
        "mailer", "daemon", "bounce", "bounces", "notifications", "notification", "notify", "alerts", "alert",
        "billing", "invoices", "invoice", "accounts", "accounting", "finance", "payments", "payouts", "orders",
        "order", "help", "helpdesk", "contact", "hello", "team", "office", "admin", "administrator", "root", "ops",
        "devops", "sre", "it", "hr", "jobs", "careers", "press", "media", "legal", "privacy", "compliance", "dpo",
        "feedback", "newsletter", "updates", "receipts", "service", "services", "customer", "customers", "care",
        "enquiries", "inquiries", "reservations", "bookings", "events", "partners", "community", "developers",
        "system", "monitoring", "status", "reports", "dmarc", "mail", "email", "desk", "welcome",
    ]

    /// Two or more letters (of any script), or an IDN `xn--` label, and no file extension.
    private static func isTopLevelDomain(_ label: ArraySlice<UInt8>) -> Bool {
        guard label.count >= 2 else { return false }
        if label.allSatisfy({ $0 < 0x80 }) {
            let text = String(decoding: label, as: UTF8.self).lowercased()
            if text.hasPrefix("xn--") { return text.count > 4 }
            return label.allSatisfy(ShapeBytes.isLetter) && !fileExtensions.contains(text)
        }
        return String(decoding: label, as: UTF8.self).unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
    }
}
