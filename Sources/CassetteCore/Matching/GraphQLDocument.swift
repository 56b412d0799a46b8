import Foundation

/// A GraphQL document in the canonical form matching compares: tokens separated by one space, with
/// whitespace, commas and comments dropped and the selections of every selection set sorted, so two
/// documents that differ only in layout, comments or field order are the same.
///
/// Only the lexical grammar and the nesting of selection sets are read; a document that is not
/// GraphQL still gets a form (its tokens), and the same text always gets the same form.
package struct GraphQLDocument: Sendable, Equatable {
    /// The canonical text.
    package let canonical: String
    /// The name of the first operation (`query GetUser(...)`), if it has one.
    package let operationName: String?

    package init(_ text: String) {
        let tokens = GraphQLDocument.tokens(of: text)
        var index = 0
        var definitions: [String] = []
        var current: [String] = []
        while index < tokens.count {
            if tokens[index] == "{" {
                current.append(GraphQLDocument.selectionSet(tokens, &index))
            } else {
                current.append(tokens[index])
                index += 1
            }
        }
        definitions.append(current.joined(separator: " "))
        canonical = definitions.joined(separator: " ")
        var name: String?
        for (position, token) in tokens.enumerated() where ["query", "mutation", "subscription"].contains(token) {
            if position + 1 < tokens.count, GraphQLDocument.isName(tokens[position + 1]) { name = tokens[position + 1] }
            break
        }
        operationName = name
    }

    /// Reads the selection set that starts at `tokens[index]` (`{`), sorted, and moves `index` past
    /// its `}`.
    private static func selectionSet(_ tokens: [String], _ index: inout Int) -> String {
        index += 1
        var selections: [String] = []
        var current: [String] = []
        var parentheses = 0
        func close() {
            if !current.isEmpty { selections.append(current.joined(separator: " ")) }
            current = []
        }
        while index < tokens.count {
            let token = tokens[index]
            if parentheses == 0 && token == "}" {
                index += 1
                break
            }
            if parentheses == 0 && token == "{" {
                current.append(selectionSet(tokens, &index))
                continue
            }
            if token == "(" { parentheses += 1 }
            if token == ")" { parentheses -= 1 }
            if parentheses == 0 && startsSelection(token, after: current.last, before: current.dropLast().last) {
                close()
            }
            current.append(token)
            index += 1
        }
        close()
        return "{ " + selections.sorted().joined(separator: " ") + " }"
    }

    /// Whether `token`, at the top of a selection set, begins a new selection after `previous` (and
    /// the token before it).
    private static func startsSelection(_ token: String, after previous: String?, before earlier: String?) -> Bool {
        guard let previous else { return false }
        if token == "..." { return true }
        guard isName(token) else { return false }
        if previous == ":" || previous == "@" || previous == "..." { return false }
        if previous == "on" && earlier == "..." { return false }
        return true
    }

    private static func isName(_ token: String) -> Bool {
        guard let first = token.utf8.first else { return false }
        return first == UInt8(ascii: "_") || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z"))
    }

    /// The document's tokens: names, numbers, strings (kept as written) and punctuators; whitespace,
    /// commas and `#` comments are not tokens.
    static func tokens(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        var tokens: [String] = []
        var index = 0
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), 0xEF, 0xBB, 0xBF:
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
            case UInt8(ascii: "\""):
                let start = index
                if index + 2 < bytes.count && bytes[index + 1] == 0x22 && bytes[index + 2] == 0x22 {
                    index += 3
                    while index < bytes.count {
                        if bytes[index] == UInt8(ascii: "\\") {
                            index += 2
                        } else if index + 2 < bytes.count, bytes[index] == 0x22, bytes[index + 1] == 0x22,
                            bytes[index + 2] == 0x22
                        {
                            index += 3
                            break
                        } else {
                            index += 1
                        }
                    }
                } else {
                    index += 1
                    while index < bytes.count && bytes[index] != 0x22 && bytes[index] != 0x0A {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    index += 1
                }
                tokens.append(string(start..<min(index, bytes.count)))
            case UInt8(ascii: "."):
                let end = min(index + 3, bytes.count)
                tokens.append(string(index..<end))
                index = end
            default:
                if isNameByte(byte) || byte == UInt8(ascii: "-") {
                    let start = index
                    index += 1
                    while index < bytes.count
                        && (isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: ".")
                            || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
                    {
                        index += 1
                    }
                    tokens.append(string(start..<index))
                } else {
                    tokens.append(string(index..<index + 1))
                    index += 1
                }
            }
        }
        return tokens
    }
}

/// Recognises GraphQL requests and gives the canonical form of their body.
package enum GraphQLRequest {
    /// The keys of a GraphQL request in JSON.
    static let jsonKeys: Set = ["query", "operationName", "variables", "extensions"]

    /// A JSON request body that is a GraphQL request (an object with a string `query` and no key but
    /// `query`, `operationName`, `variables` and `extensions`), in canonical form: the document
    /// normalised, the operation name filled in from it when absent.
    package static func canonical(_ value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value, members.allSatisfy({ jsonKeys.contains($0.key) }),
            let query = members.first(where: { $0.key == "query" }), case .string(let text) = query.value,
            looksLikeDocument(text)
        else { return nil }
        let document = GraphQLDocument(text)
        var result = members.filter { $0.key != "query" && $0.key != "operationName" }
        result.append(JSONValue.Member("query", .string(document.canonical)))
        let named = members.first { $0.key == "operationName" }.flatMap { member -> String? in
            if case .string(let name) = member.value, !name.isEmpty { return name }
            return nil
        }
        if let name = named ?? document.operationName {
            result.append(JSONValue.Member("operationName", .string(name)))
        }
        // Absent and empty variables are the same request.
        result.removeAll { member in
            if member.key == "variables", member.value == .null || member.value == .object([]) { return true }
            return false
        }
        return .object(result.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    }

    /// The operation a request runs, when it is a GraphQL request: a JSON body's `operationName` or
    /// its document's first operation name, an `application/graphql` body's, or a GET's `query=`
    /// item's; `anonymous` for an operation without a name.
    package static func operation(method: String, url: String, body: Data?, contentType: String?) -> String? {
        if let body, !body.isEmpty {
            let mediaType = contentType.map(MediaType.init)
            if mediaType?.essence == "application/graphql" {
                return GraphQLDocument(String(decoding: body, as: UTF8.self)).operationName ?? "anonymous"
            }
            // Most bodies are not GraphQL: those without a `"query"` member are not parsed again.
            guard body.first == UInt8(ascii: "{"), body.range(of: Data(#""query""#.utf8)) != nil,
                mediaType.map({ $0.isJSON }) ?? true,
                let value = try? JSONParser.parse(body), let canonical = canonical(value),
                case .object(let members) = canonical
            else { return nil }
            if let name = members.first(where: { $0.key == "operationName" }), case .string(let text) = name.value {
                return text
            }
            return "anonymous"
        }
        guard mayHoldQueryItem(url), method.uppercased() == "GET", let text = queryDocument(url) else { return nil }
        let named = URLParts.items(Substring(URLParts(url).query ?? "")).first { $0.name == "operationName" }?.value
            .map { URLParts.decoded($0, plusAsSpace: true) }
        return named.flatMap { $0.isEmpty ? nil : $0 } ?? GraphQLDocument(text).operationName ?? "anonymous"
    }

    /// Whether `url` holds the bytes `query=` after a `?`: a byte scan, since every request's
    /// identity asks.
    static func mayHoldQueryItem(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return false }
            let needle = queryItemNeedle
            var index = question + 1
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0] {
                    var offset = 1
                    while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    private static let queryItemNeedle = Array("query=".utf8)

    /// The document of a GET request's `query=` item, decoded, when it looks like GraphQL (it opens
    /// with `{` or an operation or fragment keyword).
    static func queryDocument(_ url: String) -> String? {
        guard let query = URLParts(url).query,
            let raw = URLParts.items(Substring(query)).first(where: { $0.name == "query" })?.value
        else { return nil }
        let document = URLParts.decoded(raw, plusAsSpace: true)
        return looksLikeDocument(document) ? document : nil
    }

    /// Whether `text` opens as a GraphQL document does: with `{`, a comment, or an operation or
    /// fragment keyword (so a search API's `{"query": "red shoes"}` is not taken for one).
    static func looksLikeDocument(_ text: String) -> Bool {
        let start = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "," }
        return start.hasPrefix("{") || start.hasPrefix("#")
            || ["query", "mutation", "subscription", "fragment"].contains { keyword in
                start.hasPrefix(keyword)
                    && !start.dropFirst(keyword.count).prefix(1).allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                    || start == Substring(keyword)
            }
    }

    /// `url` with a GraphQL GET's `query=` item in canonical form (and its `variables=` item as
    /// canonical JSON), for matching; any other URL as it is.
    package static func canonicalURL(_ url: String) -> String {
        guard mayHoldQueryItem(url), let document = queryDocument(url) else { return url }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        return URLParts.rewritingQueryItems(of: url) { items in
            items.map { item -> String in
                let (name, value) = URLParts.items(item)[0]
                if name == "query" { return "query=" + encoded(GraphQLDocument(document).canonical) }
                if name == "variables", let value,
                    let json = try? JSONParser.parse(Data(URLParts.decoded(value, plusAsSpace: true).utf8))
                {
                    var writer = JSONWriter(style: .compact, canonicalNumbers: true)
                    writer.write(sortedMembers(json))
                    return "variables=" + encoded(String(decoding: writer.takeOutput(), as: UTF8.self))
                }
                return String(item)
            }
        }
    }

    /// `value` with the members of every object sorted by key.
    private static func sortedMembers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { JSONValue.Member($0.key, sortedMembers($0.value)) }.sorted {
                    $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
                })
        case .array(let elements): return .array(elements.map(sortedMembers))
        default: return value
        }
    }
}
