import CassetteModel

extension ScrubEngine {
    /// The commands whose arguments the Redis reader knows, upper-case.
    private static let redisCommands: Set<String> = [
        "AUTH", "HELLO", "MIGRATE", "CONFIG", "SET", "SETNX", "SETEX", "PSETEX", "GETSET", "HSET", "HSETNX", "HMSET",
    ]

    /// The arguments of a Redis command that hold secrets, by position: the password of `AUTH
    /// [user] password`, of `HELLO … AUTH user password` and of `MIGRATE … AUTH password` or `AUTH2
    /// user password`; the value of `CONFIG SET requirepass|masterauth`; and the value stored under
    /// a key or hash field named like a secret (`SET sess:<id> <blob>`, `HSET user:7 api_token …`).
    /// The same commands travel as JSON arrays (Upstash's and other REST front ends:
    /// `["AUTH", "…"]`, a pipeline of `["SET", "sess:…", "…", "EX", "86400"]`) and as RESP.
    func redisSecretArguments(_ arguments: [String]) -> [Int] {
        guard arguments.count >= 2, arguments.count <= 256 else { return [] }
        let verb = arguments[0].uppercased()
        guard ScrubEngine.redisCommands.contains(verb) else { return [] }
        let count = arguments.count
        func after(_ word: String, _ offset: Int) -> [Int] {
            guard let index = arguments.firstIndex(where: { $0.uppercased() == word }), index + offset < count else {
                return []
            }
            return [index + offset]
        }
        switch verb {
        case "AUTH":
            // A client writes its commands upper-case; `["auth", "profile"]` in lower case may be a
            // list of scopes, and holds a password only if the last one looks like one.
            guard count <= 3, arguments[0] == verb || ScrubEchoPolicy.looksLikeSecret(arguments[count - 1]) else {
                return []
            }
            return [count - 1]
        case "HELLO":
            return after("AUTH", 2)
        case "MIGRATE":
            return after("AUTH", 1) + after("AUTH2", 2)
        case "CONFIG":
            let setsPassword =
                count == 4 && arguments[1].uppercased() == "SET"
                && ["requirepass", "masterauth"].contains(arguments[2].lowercased())
            return setsPassword ? [3] : []
        case "HSET", "HSETNX", "HMSET":
            guard count >= 4 else { return [] }
            let keyIsSecret = namesSecretKey(arguments[1])
            return stride(from: 3, to: count, by: 2).filter { keyIsSecret || namesSecretKey(arguments[$0 - 1]) }
        default:
            // `SET key value`, `SETEX key seconds value`.
            let valueIndex = verb == "SETEX" || verb == "PSETEX" ? 3 : 2
            guard valueIndex < count, namesSecretKey(arguments[1]) else { return [] }
            return [valueIndex]
        }
    }

    /// The elements of a JSON array as a Redis command's arguments, when it may be one: strings
    /// (numbers as written), the first a word.
    static func redisArguments(_ elements: [JSONValue]) -> [String]? {
        guard elements.count >= 2, elements.count <= 256, case .string(let verb) = elements[0], verb.utf8.count <= 8,
            verb.utf8.allSatisfy(ShapeBytes.isLetter), redisCommands.contains(verb.uppercased())
        else { return nil }
        var arguments: [String] = []
        for element in elements {
            switch element {
            case .string(let text): arguments.append(text)
            case .number(let literal): arguments.append(literal)
            default: return nil
            }
        }
        return arguments
    }

    /// Whether a Redis key or hash field names a secret: its first `:`-separated part does
    /// (`sess:…`, `session:…`, `api_token`, `refresh-token:7`).
    private func namesSecretKey(_ key: String) -> Bool {
        let head =
            key.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? key
        guard !head.isEmpty, head.utf8.count <= 64 else { return false }
        return head.lowercased() == "sess" || isSecretName(head, in: .jsonKey)
    }

    /// Whether a text is RESP, the Redis wire protocol: it starts with an array of bulk strings
    /// (`*2\r\n$4\r\nAUTH\r\n…`, a client's commands) or a simple reply (`+OK\r\n`). Its lengths are
    /// framing: what is replaced in it keeps its length.
    static func isRESP(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 5 else { return false }
        if bytes[0] == UInt8(ascii: "*") {
            var index = 1
            while index < bytes.count, ShapeBytes.isDigit(bytes[index]) { index += 1 }
            return index > 1 && index + 2 < bytes.count && bytes[index] == 0x0D && bytes[index + 1] == 0x0A
                && bytes[index + 2] == UInt8(ascii: "$")
        }
        return bytes[0] == UInt8(ascii: "+") && bytes.starts(with: "+OK\r\n".utf8)
    }

    /// The secrets of the commands in a RESP text, by ``redisSecretArguments(_:)``.
    func respStructure(_ bytes: [UInt8]) -> Found {
        var found = Found()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "*"), let (count, next) = ScrubEngine.respLength(bytes, after: index),
                count >= 1, count <= 256
            else {
                // A reply or anything else: on to the next line.
                guard let newline = bytes[index...].firstIndex(of: 0x0A) else { break }
                index = newline + 1
                continue
            }
            index = next
            var arguments: [(text: String, range: Range<Int>)] = []
            while arguments.count < count, index < bytes.count, bytes[index] == UInt8(ascii: "$"),
                let (length, start) = ScrubEngine.respLength(bytes, after: index), start + length <= bytes.count
            {
                arguments.append((ScrubBytes.string(bytes, start..<(start + length)), start..<(start + length)))
                index = start + length
                if index + 1 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A { index += 2 }
            }
            let verb = arguments.first?.text.uppercased() ?? ""
            for position in redisSecretArguments(arguments.map(\.text)) where !arguments[position].range.isEmpty {
                found.spans.append(
                    Span(
                        range: arguments[position].range, secret: arguments[position].text,
                        rule: rules.spec(.secretField), summary: "argument of a Redis \(verb) command"))
            }
        }
        return found
    }

    /// The number after a RESP type byte at `index` (`*2`, `$32`) and where the line after it starts.
    private static func respLength(_ bytes: [UInt8], after index: Int) -> (Int, Int)? {
        var cursor = index + 1
        var value = 0
        while cursor < bytes.count, ShapeBytes.isDigit(bytes[cursor]), value < 1 << 24 {
            value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        guard cursor > index + 1, cursor + 1 < bytes.count, bytes[cursor] == 0x0D, bytes[cursor + 1] == 0x0A else {
            return nil
        }
        return (value, cursor + 2)
    }
}
