import Foundation

extension ScrubEngine {
    /// What ends a URL's authority, and what ends its path.
    private static let authorityEnds = ByteSet("/?#\\")
    private static let pathEnds = ByteSet("?#")

    /// Secrets in a URL by its structure: the user info, secrets in the path (webhook and bot
    /// tokens, `;jsessionid=`, reset and magic-link tokens), the values of query items (and of
    /// fragment items, where OAuth's implicit flow puts tokens) named like secrets, and other
    /// values as nested texts (a URL percent-encoded in `redirect_uri=`).
    func urlStructure(_ bytes: [UInt8], _ range: Range<Int>) -> Found {
        var found = Found()
        var pathStart = range.lowerBound
        var host = ""
        if let separator = ScrubBytes.firstIndex(
            of: Array("://".utf8), in: bytes, from: range.lowerBound, before: range.upperBound)
            ?? ScrubBytes.firstIndex(
                of: Array(":\\/\\/".utf8), in: bytes, from: range.lowerBound, before: range.upperBound)
        {
            let authorityStart = separator + (bytes[separator + 1] == UInt8(ascii: "\\") ? 5 : 3)
            var authorityEnd = authorityStart
            while authorityEnd < range.upperBound, !ScrubEngine.authorityEnds.contains(bytes[authorityEnd]) {
                authorityEnd += 1
            }
            // `postgres://app:p#ss?w@db:5432/shop`: a password written with `#` or `?` unescaped, as
            // connection strings often are; the user info runs to an `@` before the first `/`.
            if authorityEnd < range.upperBound,
                bytes[authorityEnd] == UInt8(ascii: "#") || bytes[authorityEnd] == UInt8(ascii: "?"),
                bytes[authorityStart..<authorityEnd].contains(UInt8(ascii: ":")),
                !bytes[authorityStart..<authorityEnd].contains(UInt8(ascii: "@"))
            {
                var probe = authorityEnd
                while probe < range.upperBound, bytes[probe] != UInt8(ascii: "/"), bytes[probe] != UInt8(ascii: "@"),
                    !ShapeBytes.isSpace(bytes[probe])
                {
                    probe += 1
                }
                if probe < range.upperBound, bytes[probe] == UInt8(ascii: "@") {
                    authorityEnd = probe
                    while authorityEnd < range.upperBound, !ScrubEngine.authorityEnds.contains(bytes[authorityEnd]) {
                        authorityEnd += 1
                    }
                }
            }
            var hostStart = authorityStart
            if let at = (authorityStart..<authorityEnd).last(where: { bytes[$0] == UInt8(ascii: "@") }),
                at > authorityStart
            {
                hostStart = at + 1
                if !ScrubEchoPolicy.isSentryKey(
                    user: bytes[authorityStart..<at], host: bytes[hostStart..<authorityEnd]),
                    let span = userInfoSpan(bytes, authorityStart..<at, rest: authorityEnd..<range.upperBound)
                {
                    found.spans.append(span)
                }
            }
            var hostEnd = hostStart
            while hostEnd < authorityEnd, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
            host = ScrubBytes.string(bytes, hostStart..<hostEnd).lowercased()
            pathStart = authorityEnd
        }
        let queryStart = (pathStart..<range.upperBound).first { ScrubEngine.pathEnds.contains(bytes[$0]) }
        if rules.isEnabled(.secretPath) {
            found.spans += pathSpans(bytes, pathStart..<(queryStart ?? range.upperBound), host: host)
        }
        if rules.isEnabled(.secretQuery), let queryStart {
            // `https://app.example/verify-email?t=<token>`: in a link that verifies, resets or signs
            // in, a random-looking query value is its one-time token, whatever the item's name.
            let link = pathNamesLink(bytes, pathStart..<queryStart)
            let items = items(
                bytes, (queryStart + 1)..<range.upperBound, context: .query, rule: rules.spec(.secretQuery),
                what: "query item", link: link)
            found.add(items, avoiding: ScrubRanges([]))
        }
        return found
    }

    /// The password of the user info `user:password` is a secret, and the user name beside it an
    /// account's name (`postgres://app_rw:…@db`, a key id), kept; a user name alone is a secret
    /// only when it looks like one (`https://ghp_…@github.com`), not `git` of `ssh://git@host`,
    /// and not when the path names it too (`https://org@dev.azure.com/org/…`: an organisation).
    private func userInfoSpan(_ bytes: [UInt8], _ range: Range<Int>, rest: Range<Int>) -> Span? {
        guard rules.isEnabled(.userInfo) else { return nil }
        let secret = ScrubBytes.string(bytes, range)
        let colon = secret.firstIndex(of: ":")
        let password = colon.map { secret[secret.index(after: $0)...] } ?? ""
        if !password.isEmpty, let colonOffset = bytes[range].firstIndex(of: UInt8(ascii: ":")) {
            let passwordRange = (colonOffset + 1)..<range.upperBound
            return Span(
                range: passwordRange, secret: String(password), rule: rules.spec(.userInfo),
                summary: "password of URL user info",
                parts: [ScrubBytes.percentDecoded(password, plusAsSpace: false)])
        }
        guard ScrubEchoPolicy.looksLikeSecret(secret) else { return nil }
        if password.isEmpty, colon == nil {
            let segment = Array(("/" + secret).utf8)
            var from = rest.lowerBound
            while let at = ScrubBytes.firstIndex(of: segment, in: bytes, from: from, before: rest.upperBound) {
                let end = at + segment.count
                if end == rest.upperBound || ScrubEngine.pathEnds.contains(bytes[end])
                    || bytes[end] == UInt8(ascii: "/")
                {
                    return nil
                }
                from = at + 1
            }
        }
        return Span(
            range: range, secret: secret, rule: rules.spec(.userInfo), summary: "URL user info",
            parts: [ScrubBytes.percentDecoded(password, plusAsSpace: false)])
    }

    /// A path segment that is a signature or signed token rather than a name: 64 characters or
    /// more of the base64url alphabet with upper- and lower-case letters and digits.
    static func isSignedSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        guard segment.count >= 64 else { return false }
        var upper = 0
        var lower = 0
        var digit = 0
        for byte in segment {
            if ShapeBytes.isUpper(byte) {
                upper += 1
            } else if ShapeBytes.isLower(byte) {
                lower += 1
            } else if ShapeBytes.isDigit(byte) {
                digit += 1
            } else if byte != UInt8(ascii: "-"), byte != UInt8(ascii: "_"), byte != UInt8(ascii: "~") {
                return false
            }
        }
        return upper >= 4 && lower >= 4 && digit >= 4
    }

    /// 43 base64url characters (an HMAC-SHA256 without padding) mixing cases and digits.
    static func isImgproxySignature(_ segment: ArraySlice<UInt8>) -> Bool {
        // imgproxy's HMAC-SHA256 (43 characters), Thumbor's HMAC-SHA1 (27 and its `=`).
        let digest = segment.last == UInt8(ascii: "=") && segment.count == 28 ? segment.dropLast() : segment
        return (digest.count == 43 || digest.count == 27 && segment.count == 28)
            && digest.contains(where: ShapeBytes.isUpper) && digest.contains(where: ShapeBytes.isLower)
            && digest.contains(where: ShapeBytes.isDigit) && digest.allSatisfy(ShapeBytes.isBase64URL)
    }

    /// An imgproxy processing option (`rs:fill:300:400`, `g:sm`, `resize:fit:…`) or source marker
    /// (`plain`), or a Thumbor one (`640x360`, `fit-in`, `smart`, `trim`, `filters:…`).
    static func isImgproxyOption(_ segment: ArraySlice<UInt8>) -> Bool {
        if ["plain", "fit-in", "adaptive-fit-in", "full-fit-in", "smart", "trim", "meta"].contains(where: {
            segment.elementsEqual($0.utf8)
        }) {
            return true
        }
        // Thumbor's size: `640x360`, `-300x0`, `0x200`.
        if let x = segment.firstIndex(of: UInt8(ascii: "x")), x > segment.startIndex, x < segment.endIndex - 1,
            segment[..<x].allSatisfy({ ShapeBytes.isDigit($0) || $0 == UInt8(ascii: "-") }),
            segment[(x + 1)...].allSatisfy({ ShapeBytes.isDigit($0) || $0 == UInt8(ascii: "-") })
        {
            return true
        }
        guard let colon = segment.firstIndex(of: UInt8(ascii: ":")), colon > segment.startIndex else { return false }
        return segment[..<colon].allSatisfy { ShapeBytes.isLower($0) || $0 == UInt8(ascii: "_") }
    }

    /// `s--` and 8 to 32 base64url characters, then `--`: a Cloudinary delivery URL's signature.
    static func isCloudinarySignature(_ segment: ArraySlice<UInt8>) -> Bool {
        let inner = segment.dropFirst(3).dropLast(2)
        return segment.starts(with: "s--".utf8) && segment.reversed().starts(with: "--".utf8)
            && (8...32).contains(inner.count) && inner.contains(where: { !ShapeBytes.isLower($0) })
            && inner.allSatisfy(ShapeBytes.isBase64URL)
    }

    /// Secrets in the segments of a URL path.
    private func pathSpans(_ bytes: [UInt8], _ range: Range<Int>, host: String) -> [Span] {
        var segments: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where bytes[index] == UInt8(ascii: "/") {
            var end = index
            if end > start, bytes[end - 1] == UInt8(ascii: "\\") { end -= 1 }
            if end > start { segments.append(start..<end) }
            start = index + 1
        }
        if start < range.upperBound { segments.append(start..<range.upperBound) }
        var spans: [Span] = []
        let rule = rules.spec(.secretPath)
        func add(_ range: Range<Int>, _ summary: String) {
            guard !range.isEmpty else { return }
            spans.append(Span(range: range, secret: ScrubBytes.string(bytes, range), rule: rule, summary: summary))
        }
        var webhook = false
        for (position, segment) in segments.enumerated() {
            let text = ScrubBytes.string(bytes, segment)
            let lower = text.lowercased()
            // `;jsessionid=…` and other matrix parameters named like secrets, and the `~`-separated
            // fields of a token in the path (Akamai's `hdntl=exp=…~acl=…~hmac=…`).
            let isTokenFields = bytes[segment].contains(UInt8(ascii: "~")) && bytes[segment].contains(UInt8(ascii: "="))
            if let semicolon = bytes[segment].firstIndex(of: UInt8(ascii: ";"))
                ?? (isTokenFields ? segment.lowerBound - 1 : nil)
            {
                var itemStart = semicolon + 1
                while itemStart < segment.upperBound {
                    let itemEnd =
                        bytes[itemStart..<segment.upperBound].firstIndex {
                            $0 == UInt8(ascii: ";") || isTokenFields && $0 == UInt8(ascii: "~")
                        }
                        ?? segment.upperBound
                    if let equals = bytes[itemStart..<itemEnd].firstIndex(of: UInt8(ascii: "=")),
                        isSecretName(ScrubBytes.string(bytes, itemStart..<equals), in: .query)
                    {
                        add(
                            (equals + 1)..<itemEnd,
                            "value of path parameter \"\(ScrubBytes.string(bytes, itemStart..<equals))\"")
                    }
                    itemStart = itemEnd + 1
                }
                continue
            }
            // Telegram's `/bot<id>:<token>/`.
            if lower.hasPrefix("bot"), let colon = text.firstIndex(of: ":"),
                text[text.index(text.startIndex, offsetBy: 3)..<colon].count >= 5,
                text[text.index(text.startIndex, offsetBy: 3)..<colon].allSatisfy(\.isNumber),
                text[text.index(after: colon)...].count >= 30
            {
                add((segment.lowerBound + 3)..<segment.upperBound, "bot token in the URL path")
                continue
            }
            // Webhook URLs: Slack's `/services/T…/B…/<secret>`, Discord's `/webhooks/<id>/<token>`,
            // Teams' `/IncomingWebhook/<secret>/<id>`, and integration endpoints that take their key
            // in the path (PagerDuty's `/integration/<key>/enqueue`, `/hooks/<key>`).
            if lower == "webhooks" || lower == "webhook" || lower == "incomingwebhook" || lower == "integration"
                || lower == "hooks" || lower == "hook" || (host == "hooks.slack.com" && position == 0)
                // A kind of webhook (Grafana OnCall's `/formatted_webhook/<token>/`).
                || lower.hasSuffix("_webhook") || lower.hasSuffix("-webhook")
            {
                webhook = true
                continue
            }
            if webhook, text.utf8.count >= 20 || (host == "hooks.slack.com" && text.utf8.count >= 16),
                ScrubEchoPolicy.looksLikeSecret(text) || text.utf8.count >= 20
            {
                add(segment, "webhook token in the URL path")
                continue
            }
            // A signed segment (CDN and image-proxy URLs signed in the path): 64 base64url
            // characters or more, upper- and lower-case letters and digits mixed, no dots. Hex
            // digests and ids are one case and stay.
            if ScrubEngine.isSignedSegment(bytes[segment]) {
                add(segment, "signed segment of the URL path")
                continue
            }
            // Image proxies sign the path: imgproxy's `/<HMAC-SHA256, 43 base64url>/rs:fill:…/…` and
            // Cloudinary's `/s--<signature>--/`.
            if position == 0, position + 1 < segments.count, ScrubEngine.isImgproxySignature(bytes[segment]),
                ScrubEngine.isImgproxyOption(bytes[segments[position + 1]])
            {
                add(segment, "image proxy signature in the URL path")
                continue
            }
            if ScrubEngine.isCloudinarySignature(bytes[segment]) {
                add((segment.lowerBound + 3)..<(segment.upperBound - 2), "Cloudinary signature in the URL path")
                continue
            }
            // `/reset-password/<token>`, `/magic-link/<token>`.
            if position > 0, text.utf8.count >= 16, ScrubEchoPolicy.looksLikeSecret(text),
                traits(ScrubBytes.string(bytes, segments[position - 1]), in: .query).contains(.link)
            {
                add(segment, "one-time token in the URL path")
            }
        }
        return spans
    }

    /// Whether a URL path has a segment naming a one-time link (`/verify-email`, `/auth/magic`).
    private func pathNamesLink(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var start = range.lowerBound
        for index in range.lowerBound...range.upperBound
        where index == range.upperBound || bytes[index] == UInt8(ascii: "/") {
            if index - start >= 5, traits(ScrubBytes.string(bytes, start..<index), in: .query).contains(.link) {
                return true
            }
            start = index + 1
        }
        return false
    }

    /// The decoded names of the `name=value` items of `range`, separated by `&` and `#`.
    static func itemNames(_ bytes: [UInt8], _ range: Range<Int>) -> [String] {
        bytes[range].split { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "#") }.map { item in
            let name = item.prefix { $0 != UInt8(ascii: "=") }
            return ScrubBytes.percentDecoded(Substring(decoding: name, as: UTF8.self), plusAsSpace: true)
        }
    }

    /// Secrets among `name=value` items separated by `&` (and `#`, which starts a fragment); other
    /// values are nested texts when they may hold something (an escape, or length).
    ///
    /// - Parameter link: The items are a one-time link's: a random-looking value is its token.
    func items(
        _ bytes: [UInt8], _ range: Range<Int>, context: ScrubNameMatcher.Context, rule: ScrubRuleSpec, what: String,
        link: Bool = false
    ) -> Found {
        var found = Found()
        var start = range.lowerBound
        // The items' names, read once when a key may stand beside its secret.
        var names: [String]?
        while start < range.upperBound {
            var end = start
            while end < range.upperBound, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            defer { start = end + 1 }
            guard let equals = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "=") }), equals + 1 < end else {
                continue
            }
            let name = ScrubBytes.percentDecoded(Substring(ScrubBytes.string(bytes, start..<equals)), plusAsSpace: true)
            let raw = ScrubBytes.string(bytes, (equals + 1)..<end)
            let value = ScrubBytes.percentDecoded(Substring(raw), plusAsSpace: true)
            let nameTraits = traits(name, in: context)
            // `api_key=2f947102&api_secret=…`: the key names the account; its secret beside it is one.
            if nameTraits.contains(.secret), value.utf8.count <= 64, ScrubNameMatcher.words(name).last == "key" {
                if names == nil { names = ScrubEngine.itemNames(bytes, range) }
                if ScrubNameMatcher.isKeyBesideItsSecret(name, among: names ?? []) { continue }
            }
            if nameTraits.contains(.secret) {
                found.spans.append(
                    Span(
                        range: (equals + 1)..<end, secret: value, observed: value == raw ? nil : raw, rule: rule,
                        summary: "value of \(what) \"\(name)\""))
            } else if link, value.utf8.count >= 16, ScrubEchoPolicy.looksLikeSecret(value) {
                found.spans.append(
                    Span(
                        range: (equals + 1)..<end, secret: value, observed: value == raw ? nil : raw, rule: rule,
                        summary: "one-time token in \(what) \"\(name)\" of a link"))
            } else if raw.utf8.contains(UInt8(ascii: "%")) || value.utf8.count >= 16 {
                let kind: TextKind = ScrubEngine.looksLikeURL(value) ? .url : .text(nil)
                found.nested.append(
                    Nested(
                        range: (equals + 1)..<end, encoding: .percent(plusAsSpace: true), kind: kind,
                        place: "in the value of \(what) \"\(name)\""))
            }
        }
        return found
    }

    /// Whether a decoded value is a URL: `scheme://…`, or a path with a query.
    static func looksLikeURL(_ value: String) -> Bool {
        if value.first == "/" { return value.contains("?") && !value.contains(" ") }
        guard let colon = value.firstIndex(of: ":"), colon > value.startIndex,
            value[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }),
            value[colon...].hasPrefix("://")
        else { return false }
        return !value.contains(" ")
    }

    /// Absolute URLs anywhere in a text, read by the URL rules.
    func embeddedURLs(_ bytes: [UInt8], _ text: String, into found: inout Found) {
        let claimed = found.claimed
        for match in ScrubRuleSet.embeddedURL.matchGroups(in: text) {
            guard var range = match[0], !claimed.overlaps(range.lowerBound..<(range.lowerBound + 1)) else { continue }
            while range.count > 1,
                [UInt8(ascii: "\\"), UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: ",")]
                    .contains(bytes[range.upperBound - 1])
            {
                range = range.lowerBound..<(range.upperBound - 1)
            }
            found.add(urlStructure(bytes, range), avoiding: claimed)
        }
    }
}
