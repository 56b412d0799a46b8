import Foundation

extension ScrubEngine {
    /// What the keys around a JSON value say about it.
    struct JSONScope {
        /// The name that makes the value a secret, and whether it holds it from a container above
        /// (`credentials`, `keys`) rather than naming it directly.
        var secret: (name: String, inherited: Bool)?
        /// A header-like name whose structure the value has (`"Authorization": "Bearer …"`).
        var structure: (ScrubHeaderStructure, name: String)?
        /// A number under the name is a secret (a PIN, a one-time code).
        var numeric = false
        /// The value is a message identifier, not an email address.
        var messageID = false
        /// The name of a pair whose value member holds objects (`{"key": "API_TOKEN", "values":
        /// [{"context": "production", "value": "…"}]}`): their value members hold the secret.
        var pairName: String?
        /// What marks the objects here as holding a secret in their value members (`masked`,
        /// `CONCEALED`, `random_password`), from a sibling of theirs or of an object above.
        var marker: String?
        /// The members of the object that holds this one, for judging whether they are all translations.
        var parent: [JSONValue.Member]?
        /// The object above is a secret store's record of one secret, named by this identifier: its
        /// value members (`data` of `payload`) hold the secret.
        var resource: String?
        /// The value stands in a catalogue of translations: a namespaced key (`auth.password`), or
        /// an object whose strings are all natural language with some prose among them.
        var catalogue = false
        /// Members of a GraphQL request's `variables` bound to arguments named like secrets
        /// (`set_password(new_password: $p)`): member name to argument name.
        /// Optional, not empty, so that a scope without any costs no reference counting.
        var boundSecrets: [String: String]?
        /// A query result's rows are below (`rows`, `data`): the names of its secret columns by
        /// position (`nil` for the others), from the column list beside them.
        var columns: [String?]?
        /// This value is one row of such a result: its cells by position (an array, or BigQuery's
        /// `{"f": [{"v": …}]}`).
        var cells: [String?]?
        /// This object is one of BigQuery's cells (`{"v": …}`) of a secret column of that name.
        var cell: String?
    }

    /// Where a JSON value is: the path findings name (into a structured body, or the text location
    /// of JSON kept as text) and the path inside the JSON.
    struct JSONPlace {
        var path: [JSONPathComponent]
        var inner: [JSONPathComponent]
        /// JSON kept as text: findings name the text, and say where inside it they are.
        var isText: Bool
    }

    /// The place of a member or element; paths are built only where they are read (findings in the
    /// second pass, configured JSON paths), since a body's JSON has many nodes.
    private func place(_ place: JSONPlace, _ component: JSONPathComponent) -> JSONPlace {
        var result = place
        if !place.isText && phase == .replace { result.path.append(component) }
        if !rules.jsonPaths.isEmpty || (place.isText && phase == .replace) { result.inner.append(component) }
        return result
    }

    /// A JSON value with its secrets replaced: strings named secret replaced whole (or read by the
    /// structure of their header-like name), every other string read as a text of its own (JSON in
    /// a string, base64, URLs, shapes), keys that are emails or tokens replaced, and numbers under
    /// PIN-like names replaced by `0`.
    mutating func walkJSON(_ value: JSONValue, place: JSONPlace, scope: JSONScope) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(walkString(text, place: place, scope: scope))
        case .number(let literal):
            guard scope.numeric, let secret = scope.secret, literal != "0" else { return value }
            recordFixed(
                rule: .secretField, summary: "number under JSON key \"\(secret.name)\"", replacement: "0", place)
            return .number(phase == .replace ? "0" : literal)
        case .array(let elements):
            // Copied only once an element changes: most bodies hold no secret, and lint walks them all.
            var result: [JSONValue]?
            // A Redis command sent as JSON (`["AUTH", "…"]`): its secret arguments by position.
            let commandSecrets = ScrubEngine.redisArguments(elements).map(redisSecretArguments) ?? []
            for (index, element) in elements.enumerated() {
                var elementScope = scope
                if let columns = scope.columns {
                    elementScope.columns = nil
                    elementScope.cells = columns
                } else if let cells = scope.cells {
                    elementScope.cells = nil
                    if index < cells.count, let column = cells[index] {
                        if case .object = element {
                            elementScope.cell = column
                        } else {
                            elementScope.secret = (column, false)
                        }
                    }
                }
                if commandSecrets.contains(index), case .string(let verb) = elements[0] {
                    elementScope.secret = ("argument of Redis \(verb.uppercased())", false)
                }
                // A list of validation messages under `password` holds no password.
                if let secret = scope.secret, !secret.inherited, case .string(let text) = element,
                    ScrubEchoPolicy.isProse(text)
                {
                    elementScope.secret = nil
                }
                let walked = walkJSON(element, place: self.place(place, .index(index)), scope: elementScope)
                if result != nil || !ScrubEngine.isSame(walked, element) {
                    if result == nil { result = elements }
                    result?[index] = walked
                }
            }
            return result.map { .array($0) } ?? value
        case .object(let members):
            return walkObject(members, place: place, scope: scope)
        default:
            return value
        }
    }

    private mutating func walkObject(_ members: [JSONValue.Member], place: JSONPlace, scope: JSONScope) -> JSONValue {
        let enabled = rules.isEnabled(.secretField)
        let isJWK = members.contains { $0.key == "kty" }
        // Each key lower-cased once, for the word lists below.
        let loweredKeys = members.map { ScrubBytes.lowercased($0.key) }
        let countsModelTokens = loweredKeys.contains { SecretNames.modelTokenSiblings.contains($0) }
        // `{"name": "DB_PASSWORD", "value": "…"}`: the name member names the value member.
        var pairName = scope.pairName
        // `{"secretKey": "AWS_REGION", "secretValue": "eu-central-1"}`, `ParameterKey`/`ParameterValue`:
        // a name and a value member that share a prefix are a pair too, and its name member decides
        // for the value member, whatever the value member's own name says.
        let prefixedPair = ScrubEngine.prefixedPair(loweredKeys)
        var pairNameIsPlain = false
        var ownPairName = false
        for (index, (member, lowered)) in zip(members, loweredKeys).enumerated()
        where SecretNames.pairNameKeys.contains(lowered) || prefixedPair?.name == index {
            guard case .string(let name) = member.value else { continue }
            if isSecretName(name, in: .jsonKey) || ScrubHeaderStructure.of(name).map({ $0 != .url }) == true {
                pairName = name
                ownPairName = true
            } else if prefixedPair?.name == index {
                pairNameIsPlain = true
            }
        }
        if phase == .collect, !masking { registerComparedSecrets(members, loweredKeys) }
        let isGrant = loweredKeys.contains("grant_type")
        // A symmetric key with its algorithm (Hawk credentials from a token server: `id`, `key`,
        // `hashalg`; an HMAC key record): its `key` is the secret, though the name alone says little;
        // unless a `secret` beside it is the secret and the key names it (a gateway's JWT credential).
        let isKeyWithAlgorithm =
            loweredKeys.contains("key") && loweredKeys.contains { SecretNames.keyAlgorithmKeys.contains($0) }
            && !loweredKeys.contains("secret")
        // A record in an answer about API keys (Meilisearch's `GET /keys`, Algolia's `POST /1/keys`):
        // its `key` is one, unless the record says it is for search only, which front ends ship.
        let isKeyRecord =
            walksKeys && loweredKeys.contains("key") && !ScrubEngine.isSearchOnlyKeyRecord(members, loweredKeys)
        // A record of a key or token whose secret is its `value` (Cloudflare's created token, a key
        // of Azure's `listKeys`): a random value beside no `key` member.
        let isValueRecord =
            (walksKeys || walksTokens) && !loweredKeys.contains("key") && loweredKeys.contains("value")
            && !ScrubEngine.isSearchOnlyKeyRecord(members, loweredKeys)
            && zip(members, loweredKeys).contains { member, lowered in
                guard lowered == "value", case .string(let text) = member.value else { return false }
                return text.utf8.count >= 16 && !text.utf8.contains(0x20) && ScrubEchoPolicy.looksLikeSecret(text)
            }
        // A sibling that says the object holds a secret (`"masked": true`, `"type": "CONCEALED"`,
        // `"kind": "Secret"`, a Terraform `random_password`) marks its value members, here and in
        // the objects below (`instances[].attributes.result`).
        let marker = secretMarker(members, loweredKeys) ?? scope.marker
        // The object is a secret store's record of one secret (`"id": "https://….vault.azure.net/secrets/…"`,
        // `"name": "projects/…/secrets/…/versions/3"`): its value members hold that secret.
        let resource = scope.resource ?? secretResource(members, loweredKeys)
        // A GraphQL request: the variables its query binds to arguments named like secrets.
        let boundSecrets = ScrubEngine.graphQLSecretVariables(
            members, loweredKeys, isSecret: { isSecretName($0, in: .jsonKey) })
        // A query result (BigQuery's `schema.fields` and `rows`, Trino's `columns` and `data`,
        // ClickHouse's `meta` and `data`, Snowflake's `resultSetMetaData.rowType` and `data`): a
        // cell of a column named like a secret (`smtp_password`) is one.
        let table = enabled && scope.cells == nil ? secretColumns(members, loweredKeys) : nil
        // Whether the object is a catalogue of translations, judged only once a member is secret.
        var isCatalogue: Bool?
        var result = members
        var renamed = false
        for (index, member) in members.enumerated() {
            let key = member.key
            let memberPlace = self.place(place, .key(key))
            var child = JSONScope()
            let keyTraits = traits(key, in: .jsonKey)
            child.messageID = keyTraits.contains(.messageID)
            if !boundSecrets.isEmpty, loweredKeys[index] == "variables" { child.boundSecrets = boundSecrets }
            if let table, table.rows == index { child.columns = table.columns }
            if let cells = scope.cells, loweredKeys[index] == "f" { child.cells = cells }
            if let cell = scope.cell, loweredKeys[index] == "v" { child.secret = (cell, false) }
            // A JSON:API record of a credential (`{"type": "api_keys", "attributes": {"key": …}}`,
            // Datadog's and others' key-creation answers): its attributes' `key`, `token`, `secret`
            // and `value` hold it, though their names alone say nothing.
            if loweredKeys[index] == "attributes", let kind = ScrubEngine.credentialRecordType(members, loweredKeys) {
                child.boundSecrets = ["key": kind, "token": kind, "secret": kind, "value": kind]
            }
            if isJWK {
                // A JSON Web Key: only its private members are secrets, also under `keys`.
                if SecretNames.privateJWKMembers.contains(key) { child.secret = (key, false) }
            } else if let argument = scope.boundSecrets?[key], !ScrubEngine.isPlainValue(member.value) {
                child.secret = (argument, false)
            } else if let marker, SecretNames.markedValueKeys.contains(loweredKeys[index]),
                !ScrubEngine.isPlainValue(member.value)
            {
                child.secret = (marker, true)
            } else if let resource, SecretNames.resourceValueKeys.contains(loweredKeys[index]),
                !ScrubEngine.isPlainValue(member.value)
            {
                // `payload.data` of a Secret Manager version: the value may sit one object below.
                if case .object = member.value { child.resource = resource } else { child.secret = (resource, true) }
            } else if pairNameIsPlain, prefixedPair?.value == index, !keyTraits.contains(.secret) {
                // The pair's name says what the value is, and it is not a secret (`InstanceType` of a
                // `ParameterValue`). A value member named like a secret (`secretValue` of a secret
                // store) stays one whatever its pair's name says: a store's values are its secrets.
            } else if let pairName,
                SecretNames.pairValueKeys.contains(loweredKeys[index]) || prefixedPair?.value == index
                    || (scope.pairName != nil || ownPairName) && SecretNames.isTypedValueKey(loweredKeys[index])
                    || ownPairName && ScrubEngine.isPairData(loweredKeys[index], member.value)
            {
                if let structure = ScrubHeaderStructure.of(pairName), structure != .url {
                    child.structure = (structure, pairName)
                } else {
                    child.secret = (pairName, false)
                    child.numeric = traits(pairName, in: .jsonKey).contains(.numeric)
                    child.pairName = pairName
                }
            } else if let structure = ScrubHeaderStructure.of(key), structure != .url {
                child.structure = (structure, key)
            } else if countsModelTokens, ScrubNameMatcher.words(key).allSatisfy({ $0.hasPrefix("token") }) {
                // A language model's token beside its log-probability.
            } else if keyTraits.contains(.secret), ScrubEngine.isVerifiableSignature(key, member.value) {
                // A signature that carries the public key or certificate that verifies it (a Rekor
                // transparency-log entry's `signature: {content, publicKey}`) signs public data.
            } else if keyTraits.contains(.secret), case .string(let text) = member.value, text.utf8.count <= 64,
                ScrubNameMatcher.isKeyBesideItsSecret(key, among: members.lazy.map(\.key))
            {
                // `{"api_key": "2f947102", "api_secret": "…"}`: the key names the account; its secret
                // beside it is the secret.
            } else if keyTraits.contains(.secret) || isGrant && SecretNames.grantSecretKeys.contains(loweredKeys[index])
                || (isKeyWithAlgorithm || isKeyRecord) && loweredKeys[index] == "key"
                || walksPlaintext && ScrubEngine.plaintextKeys.contains(loweredKeys[index])
                    && ScrubEngine.isLongString(member.value)
                || isValueRecord && loweredKeys[index] == "value"
                    && !ScrubEngine.isPlainValue(member.value) && !ScrubEngine.holdsIdentifierPath(member.value)
            {
                child.secret = (key, false)
                child.numeric = keyTraits.contains(.numeric)
                // `"db_password": {"value": …, "sensitive": true}`: the name holds for the value
                // one level below.
                if case .object = member.value { child.pairName = key }
            } else if keyTraits.contains(.container) {
                child.secret = (key, true)
            } else if let inherited = scope.secret, inherited.inherited, !keyTraits.contains(.describing),
                !ScrubEngine.namesIdentifier(key)
            {
                child.secret = inherited
            }
            if keyTraits.contains(.container), child.secret != nil { child.secret = (key, true) }
            if child.secret == nil { child.marker = marker }
            if child.secret == nil, rules.jsonPaths.contains(where: { $0.matches(memberPlace.inner) }) {
                child.secret = (key, false)
            }
            if child.secret != nil {
                if isCatalogue == nil {
                    // `{"errors": {"session": "Sitzung abgelaufen"}, "login": {…}}`: one string
                    // alone, in a tree of translations.
                    isCatalogue =
                        ScrubEngine.isCatalogue(members)
                        || scope.parent.map { ScrubEngine.isTranslationTree($0, depth: 0) != nil } == true
                }
                child.catalogue =
                    isCatalogue == true || ScrubEngine.isNamespacedKey(key)
                    || pairName.map(ScrubEngine.isNamespacedKey) == true
            }
            if !enabled {
                child.secret = nil
                child.numeric = false
            }
            let newKey = walkKey(key, place: memberPlace)
            if newKey != key {
                result[index].key = newKey
                renamed = true
            }
            if case .object = member.value { child.parent = members }
            let walked = walkJSON(member.value, place: memberPlace, scope: child)
            if !ScrubEngine.isSame(walked, member.value) { result[index].value = walked }
        }
        if !renamed && ScrubEngine.isSame(members, result) { return .object(members) }
        return renamed && !place.isText ? .object(sorting: result) : .object(result)
    }

    /// Whether a member (lower-case) holds a query result's rows. A comparison of strings, no hash:
    /// it is asked of every key of every object.
    static func isTableRowKey(_ key: String) -> Bool {
        switch key {
        case "rows", "data", "values", "data_array", "datarows": true
        default: false
        }
    }

    /// Whether a member (lower-case) lists a query result's columns, beside its rows or one object
    /// below.
    static func isTableColumnKey(_ key: String) -> Bool {
        switch key {
        case "columns", "fields", "meta", "rowtype", "schema", "resultsetmetadata": true
        default: false
        }
    }

    /// The members of an encryption service's request or answer that hold the plaintext.
    static let plaintextKeys: Set<String> = ["value", "plaintext", "data"]

    /// A string of 4 bytes or more.
    static func isLongString(_ value: JSONValue) -> Bool {
        if case .string(let text) = value { return text.utf8.count >= 4 }
        return false
    }

    /// Members of a column's object that hold its name.
    static let columnNameKeys: Set<String> = ["name", "columnname", "column_name", "label"]

    /// The rows member of a query result and the names of its secret columns by position, when the
    /// object holds both a column list and rows, and a column is named like a secret.
    func secretColumns(_ members: [JSONValue.Member], _ loweredKeys: [String]) -> (rows: Int, columns: [String?])? {
        // Rows are a non-empty array: most objects hold none, and their keys are not compared.
        guard
            let rows = members.indices.first(where: { index in
                guard case .array(let values) = members[index].value, !values.isEmpty else { return false }
                return ScrubEngine.isTableRowKey(loweredKeys[index])
            }),
            let list = members.indices.first(where: { index in
                switch members[index].value {
                case .array, .object: return ScrubEngine.isTableColumnKey(loweredKeys[index])
                default: return false
                }
            }),
            let names = ScrubEngine.columnNames(members[list].value, depth: 0)
        else { return nil }
        let columns = names.map { name in name.flatMap { isSecretName($0, in: .jsonKey) ? $0 : nil } }
        return columns.contains { $0 != nil } ? (rows, columns) : nil
    }

    /// The column names of a column list: strings, or objects naming their column; a list one
    /// object below (`schema.fields`, `resultSetMetaData.rowType`).
    static func columnNames(_ value: JSONValue, depth: Int) -> [String?]? {
        switch value {
        case .array(let elements) where !elements.isEmpty && elements.count <= 1_000:
            let names: [String?] = elements.map { element in
                switch element {
                case .string(let name): return name
                case .object(let members):
                    for member in members where columnNameKeys.contains(ScrubBytes.lowercased(member.key)) {
                        if case .string(let name) = member.value { return name }
                    }
                    return nil
                default: return nil
                }
            }
            return names.contains { $0 != nil } ? names : nil
        case .object(let members) where depth == 0:
            for member in members where isTableColumnKey(ScrubBytes.lowercased(member.key)) {
                if let names = columnNames(member.value, depth: 1) { return names }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether a member is the `data` string of a name and its value (a CI system's repository
    /// secret, `{"name": "docker_password", "data": "…"}`); an object under `data` is read on its own.
    static func isPairData(_ lowered: String, _ value: JSONValue) -> Bool {
        guard lowered == "data", case .string = value else { return false }
        return true
    }

    /// Whether a value is a string that is a dotted path of words (`auth.password.label`, a
    /// translation's key).
    static func holdsIdentifierPath(_ value: JSONValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return ScrubEchoPolicy.isIdentifierPath(text)
    }

    /// A key record that says its key is for search only: its `actions` or `acl` is `["search"]`,
    /// its name says search, or its name or description says public, publishable or search-only.
    static func isSearchOnlyKeyRecord(_ members: [JSONValue.Member], _ loweredKeys: [String]) -> Bool {
        for (member, lowered) in zip(members, loweredKeys) {
            switch (lowered, member.value) {
            case ("actions", .array(let actions)), ("acl", .array(let actions)):
                // `["search"]` (Meilisearch), `["documents:search"]` (Typesense).
                if !actions.isEmpty,
                    actions.allSatisfy({ action in
                        guard case .string(let text) = action else { return false }
                        return text == "search" || text.hasSuffix(":search")
                    })
                {
                    return true
                }
            case ("name", .string(let text)), ("description", .string(let text)):
                // A name says what the key is (`Default Search API Key`); a description may say what
                // it is not (`anything that is not a search operation`), so only `search-only` there.
                let words = ScrubNameMatcher.words(text)
                if words.contains("public") || words.contains("publishable")
                    || (lowered == "name" ? words.contains("search") : words.contains(["search", "only"]))
                {
                    return true
                }
            default:
                continue
            }
        }
        return false
    }

    /// A `signature` object holding the public key or certificate that verifies it.
    static func isVerifiableSignature(_ key: String, _ value: JSONValue) -> Bool {
        guard case .object(let members) = value, ScrubNameMatcher.words(key).last == "signature" else { return false }
        return members.contains { member in
            ["publickey", "public-key", "public_key", "certificate", "cert"].contains(member.key.lowercased())
        }
    }

    /// The `type` of a JSON:API resource that is a credential: its last word `key(s)` or
    /// `token(s)` (`api_keys`, `application_keys`, `personal_access_tokens`).
    static func credentialRecordType(_ members: [JSONValue.Member], _ loweredKeys: [String]) -> String? {
        guard let position = loweredKeys.firstIndex(of: "type"), case .string(let type) = members[position].value,
            let last = ScrubNameMatcher.words(type).last, ["key", "keys", "token", "tokens"].contains(last)
        else { return nil }
        return type
    }

    /// The variables that a GraphQL request's `query` passes as arguments named like secrets:
    /// `new_password: $p` binds `p`. Empty for any other object.
    static func graphQLSecretVariables(
        _ members: [JSONValue.Member], _ loweredKeys: [String], isSecret: (String) -> Bool
    ) -> [String: String] {
        guard loweredKeys.contains("variables"), let position = loweredKeys.firstIndex(of: "query"),
            case .string(let query) = members[position].value, query.utf8.contains(UInt8(ascii: "$"))
        else { return [:] }
        let bytes = Array(query.utf8)
        var bound: [String: String] = [:]
        var index = 0
        while let dollar = bytes[index...].firstIndex(of: UInt8(ascii: "$")) {
            index = dollar + 1
            var variableEnd = index
            while variableEnd < bytes.count, ShapeBytes.isWord(bytes[variableEnd]) { variableEnd += 1 }
            // Back from `$` over blanks, a colon and blanks to the argument's name.
            var cursor = dollar
            while cursor > 0, ShapeBytes.isBlank(bytes[cursor - 1]) { cursor -= 1 }
            guard variableEnd > index, cursor > 0, bytes[cursor - 1] == UInt8(ascii: ":") else { continue }
            cursor -= 1
            while cursor > 0, ShapeBytes.isBlank(bytes[cursor - 1]) { cursor -= 1 }
            var nameStart = cursor
            while nameStart > 0, ShapeBytes.isWord(bytes[nameStart - 1]) { nameStart -= 1 }
            guard nameStart < cursor, nameStart == 0 || bytes[nameStart - 1] != UInt8(ascii: "$") else { continue }
            let argument = ScrubBytes.string(bytes, nameStart..<cursor)
            if isSecret(argument) { bound[ScrubBytes.string(bytes, index..<variableEnd)] = argument }
        }
        return bound
    }

    /// Names under which a verification failure shows what it compared (`{"expected": …,
    /// "received": …}`).
    static let comparisonKeys: Set<String> = [
        "expected", "received", "actual", "computed", "calculated", "provided", "given", "got", "sent",
    ]

    /// A verification failure that shows what it expected beside what it received: when one side is
    /// a known secret (the signature a request sent, echoed back), the other side of the same shape
    /// is one too, the valid signature the receiver computed.
    private mutating func registerComparedSecrets(_ members: [JSONValue.Member], _ loweredKeys: [String]) {
        guard loweredKeys.count(where: { ScrubEngine.comparisonKeys.contains($0) }) >= 2 else { return }
        let compared: [String] = zip(members, loweredKeys).compactMap { member, lowered in
            guard ScrubEngine.comparisonKeys.contains(lowered), case .string(let text) = member.value else {
                return nil
            }
            return text
        }
        // A value and its random core (`5d4b…` of `sha256=5d4b…`), which a text reader may take alone.
        func forms(_ text: String) -> [String] { [text] + [ScrubEngine.randomCore(of: text)].compactMap { $0 } }
        func isKnown(_ text: String) -> Bool { forms(text).contains { table.placeholder(for: $0) != nil } }
        let known = compared.filter(isKnown)
        guard !known.isEmpty else { return }
        for text in compared where !isKnown(text) && ScrubEchoPolicy.looksLikeSecret(text) {
            guard known.contains(where: { ScrubEngine.isSameShape($0, text) }) else { continue }
            for part in forms(text) {
                _ = table.register(
                    part, rule: rules.spec(.secretField), summary: "value compared with a secret", byShape: false)
            }
        }
    }

    /// Whether two values have the same length and the same punctuation in the same places
    /// (`sha256=` and 64 hex digits twice).
    static func isSameShape(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count
            && zip(first.utf8, second.utf8).allSatisfy { a, b in
                ShapeBytes.isAlphanumeric(a) ? ShapeBytes.isAlphanumeric(b) : a == b
            }
    }

    /// The marker among an object's members that says its value members hold a secret: a boolean
    /// flag that is `true` (`masked`, `isSecret`, `sensitive`), or a type that names a secret
    /// (`"type": "CONCEALED"`, `"kind": "Secret"`, `"type": "random_password"`, `SecureString`).
    func secretMarker(_ members: [JSONValue.Member], _ loweredKeys: [String]) -> String? {
        for (member, lowered) in zip(members, loweredKeys) {
            // Pulumi's mark of a secret value (`{"4dabf…": "1b470…", "plaintext": "…"}`).
            if lowered == SecretNames.pulumiSecretSignature { return "Pulumi secret" }
            // Every other marker key is 4 to 12 bytes long: most keys are passed over without hashing.
            let length = lowered.utf8.count
            guard length >= 4, length <= 12 else { continue }
            if SecretNames.secretFlagKeys.contains(lowered), case .bool(true) = member.value { return member.key }
            if SecretNames.secretTypeKeys.contains(lowered), case .string(let type) = member.value, type.count <= 40,
                SecretNames.secretTypes.contains(type.lowercased()) || isSecretName(type, in: .jsonKey)
            {
                return "\(member.key): \(type)"
            }
        }
        return nil
    }

    /// A tree of translations: objects of strings only (no number, boolean or list, which settings
    /// hold), every string natural language, three strings or more with prose among them. The
    /// number of strings and whether one is prose, or `nil` when the tree is not one.
    static func isTranslationTree(_ members: [JSONValue.Member], depth: Int) -> (strings: Int, prose: Bool)? {
        var strings = 0
        var prose = false
        for member in members {
            switch member.value {
            case .string(let text):
                guard ScrubEchoPolicy.isNaturalLanguage(text) else { return nil }
                strings += 1
                if text.utf8.contains(0x20) { prose = true }
            case .object(let inner):
                guard depth < 2, let tree = isTranslationTree(inner, depth: depth + 1) else { return nil }
                strings += tree.strings
                prose = prose || tree.prose
            default:
                return nil
            }
        }
        guard depth > 0 || (strings >= 3 && prose) else { return nil }
        return (strings, prose)
    }

    /// The identifier of a secret store's record of one secret among an object's members: an `id`,
    /// `name`, `arn` or `selfLink` that is a path or URL through a `secrets` collection
    /// (`https://kv.vault.azure.net/secrets/db/4f…`, `projects/p/secrets/db/versions/3`) or an ARN of
    /// Secrets Manager. Such an object's `value`, `data` or `payload` holds the secret.
    func secretResource(_ members: [JSONValue.Member], _ loweredKeys: [String]) -> String? {
        for (member, lowered) in zip(members, loweredKeys) {
            // Identifiers are strings, and their keys 2 to 9 bytes long: most members are passed over
            // without hashing their keys.
            guard case .string(let identifier) = member.value, lowered.utf8.count <= 9,
                identifier.utf8.count <= 512, SecretNames.resourceIdentifierKeys.contains(lowered)
            else { continue }
            if ScrubEngine.namesSecretResource(identifier) { return "\(member.key): \(identifier)" }
        }
        return nil
    }

    /// Whether an identifier is a path through a `secrets` collection to one secret, or a Secrets
    /// Manager ARN: `…/secrets/<name>…`, `secrets/<name>`, `arn:aws:secretsmanager:…:secret:<name>`.
    static func namesSecretResource(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        if ScrubBytes.firstIndex(of: Array(":secretsmanager:".utf8), in: bytes, from: 0) != nil {
            return ScrubBytes.firstIndex(of: Array(":secret:".utf8), in: bytes, from: 0) != nil
        }
        let collection = Array("secrets/".utf8)
        var from = 0
        while let at = ScrubBytes.firstIndex(of: collection, in: bytes, from: from) {
            let startsSegment = at == 0 || bytes[at - 1] == UInt8(ascii: "/")
            let after = at + collection.count
            // A name follows: `/secrets/` alone is the collection, not one of its secrets.
            if startsSegment, after < bytes.count, bytes[after] != UInt8(ascii: "/"), bytes[after] != UInt8(ascii: "?")
            {
                return true
            }
            from = after
        }
        return false
    }

    /// A name member and a value member that share a prefix (`secretKey`/`secretValue`,
    /// `ParameterKey`/`ParameterValue`, `option_name`/`option_value`), by their lower-cased keys'
    /// indices; `nil` when the object has no such pair or more than one.
    static func prefixedPair(_ loweredKeys: [String]) -> (name: Int, value: Int)? {
        guard loweredKeys.count >= 2, loweredKeys.count <= 16 else { return nil }
        var found: (name: Int, value: Int)?
        for (valueIndex, key) in loweredKeys.enumerated() where key.hasSuffix("value") && key.utf8.count > 5 {
            let prefix = key.dropLast(5)
            let bare = prefix.hasSuffix("_") || prefix.hasSuffix("-") ? prefix.dropLast() : prefix
            guard !bare.isEmpty else { continue }
            for (nameIndex, other) in loweredKeys.enumerated() where other != key && other.hasPrefix(prefix) {
                let rest = other.dropFirst(prefix.count)
                guard rest == "key" || rest == "name" else { continue }
                if found != nil { return nil }
                found = (nameIndex, valueIndex)
            }
        }
        return found
    }

    /// A key namespaced like a translation's: identifiers joined by dots (`auth.password.forgot`).
    static func isNamespacedKey(_ key: String) -> Bool {
        key.utf8.contains(UInt8(ascii: ".")) && ScrubEchoPolicy.isReference(key, dottedPaths: true)
    }

    /// An object of translations: two strings or more, every one natural language, one of them
    /// with a space (`{"password": "Kennwort", "password_hint": "Geben Sie Ihr Kennwort ein"}`).
    static func isCatalogue(_ members: [JSONValue.Member]) -> Bool {
        var strings = 0
        var prose = false
        for member in members {
            guard case .string(let text) = member.value else { continue }
            guard ScrubEchoPolicy.isNaturalLanguage(text) else { return false }
            strings += 1
            if text.utf8.contains(0x20) { prose = true }
        }
        return strings >= 2 && prose
    }

    /// The authority of `scheme://authority/…` (up to the first `/`, `?` or `#`), or `nil` when the
    /// text does not start with a scheme and `://`.
    static func urlAuthority(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let separator = ScrubBytes.firstIndex(of: Array("://".utf8), in: bytes, from: 0), separator > 0,
            bytes[..<separator].allSatisfy({
                ShapeBytes.isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
            })
        else { return nil }
        return bytes[(separator + 3)...].prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
    }

    /// `scheme://user:password@host…`, or its user info scrubbed.
    static func isURLWithCredentials(_ bytes: [UInt8]) -> Bool {
        guard let authority = urlAuthority(bytes), let at = authority.lastIndex(of: UInt8(ascii: "@")) else {
            return false
        }
        // Scrubbed already: `postgres://SCRUBBED-USER-1@host/…`.
        return authority[..<at].contains(UInt8(ascii: ":"))
            || ScrubBytes.contains(Array(authority[..<at]), Array("SCRUBBED".utf8))
    }

    /// `scheme://host…` with no user info and no blank.
    static func isURLWithoutUserInfo(_ bytes: [UInt8]) -> Bool {
        guard let authority = urlAuthority(bytes), !bytes.contains(where: ShapeBytes.isSpace) else { return false }
        return !authority.isEmpty && !authority.contains(UInt8(ascii: "@"))
    }

    /// Last words of a key that names an identifier of a credential, not the credential, inside a
    /// container of secrets (`credentials.client_id`, `signing_keys[].thumbprint`, `keyId`).
    static let identifierWords: Set<String> = [
        "id", "ids", "accessor", "thumbprint", "fingerprint", "kid", "x5t",
        // An account, or where it lives: what a store of secrets (a Kubernetes Secret's `data`, a
        // credentials object) holds beside them.
        "username", "user", "login", "host", "hostname", "port", "database", "dbname", "engine", "region",
        "namespace", "cluster", "account", "tenant", "project", "schema", "driver", "protocol",
    ]

    static func namesIdentifier(_ key: String) -> Bool {
        ScrubNameMatcher.words(key).last.map(identifierWords.contains) == true
    }

    /// Words of a name that says its value is a connection to a data store or broker.
    static let connectionWords: Set<String> = [
        "database", "db", "redis", "mongo", "mongodb", "postgres", "postgresql", "mysql", "amqp", "rabbitmq",
        "broker", "connection", "conn", "elasticsearch", "kafka", "memcached", "cache",
    ]

    /// Whether a name says its value is a connection (`DATABASE_URL`, `redisConnection`).
    static func namesConnection(_ name: String) -> Bool {
        ScrubNameMatcher.words(name).contains(where: connectionWords.contains)
    }

    /// Booleans, numbers and null: a marker makes none of them a secret.
    static func isPlainValue(_ value: JSONValue) -> Bool {
        switch value {
        case .string, .array, .object: false
        default: true
        }
    }

    /// Whether a walk gave `value` back unchanged: the same string or number, or the same array
    /// storage (a walk that changes nothing returns its input). Cheap, so that unchanged JSON is
    /// never copied.
    static func isSame(_ walked: JSONValue, _ value: JSONValue) -> Bool {
        switch (walked, value) {
        case (.string(let lhs), .string(let rhs)): lhs == rhs
        case (.number(let lhs), .number(let rhs)): lhs == rhs
        case (.array(let lhs), .array(let rhs)): isSame(lhs, rhs)
        case (.object(let lhs), .object(let rhs)): isSame(lhs, rhs)
        default: walked == value
        }
    }

    /// Whether two arrays share their storage.
    static func isSame<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
        lhs.count == rhs.count
            && lhs.withUnsafeBufferPointer { left in
                rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
            }
    }

    /// A string value, by its scope.
    private mutating func walkString(_ text: String, place: JSONPlace, scope: JSONScope) -> String {
        guard !text.isEmpty else { return text }
        places.append(
            place.isText && phase == .replace ? "at \(JSONPathComponent.text(place.inner)) in the JSON text" : "")
        defer { places.removeLast() }
        let bytes = Array(text.utf8)
        if let (structure, name) = scope.structure,
            let spans = structuredSpans(structure, bytes, 0..<bytes.count, name: "JSON key \"\(name)\"")
        {
            return process(text, utf8: bytes, kind: .plain, spans: spans, path: place.path)
        }
        // A private key under `private_key` keeps its BEGIN and END lines: the key rule takes it.
        if scope.secret != nil, text.hasPrefix("-----BEGIN "), rules.isEnabled(.privateKey),
            !PrivateKeyShape.matches(in: bytes).isEmpty
        {
            return process(text, utf8: bytes, kind: .plain, path: place.path)
        }
        // A URL with credentials under a secret's name (`DATABASE_URL`): the URL rules take its
        // user info, and its host and path stay.
        if scope.secret != nil, ScrubEngine.isURLWithCredentials(bytes) {
            return process(text, utf8: bytes, kind: .url, path: place.path)
        }
        // A connection URL without credentials under such a name (`DATABASE_URL` of a ConfigMap:
        // `postgres://db.internal:5432/app`): only credentials make a connection URL secret.
        if let secret = scope.secret, !secret.inherited, ScrubEngine.namesConnection(secret.name),
            ScrubEngine.isURLWithoutUserInfo(bytes)
        {
            return process(text, utf8: bytes, kind: .url, path: place.path)
        }
        // A translation under a name that says password (`"auth.password": "Passwort"`).
        if let secret = scope.secret, scope.catalogue || walksTranslations, ScrubEchoPolicy.isNaturalLanguage(text) {
            _ = secret
            return text
        }
        // A document under a secret's name that names its own secrets (a service-account key file,
        // base64 of a client token's JSON): read for what it holds, not replaced whole.
        if scope.secret != nil, isDocumentNamingItsSecrets(text, bytes) {
            return process(text, utf8: bytes, kind: .text(nil), path: place.path)
        }
        // Prose under a container whose echoes were scrubbed is still prose, not a secret of its own
        // (`"registry bearer token response"` became `"SCRUBBED-SECRET-1 response"`).
        let scrubbedProse =
            scope.secret?.inherited == true && !masking && ScrubBytes.contains(bytes, Array("SCRUBBED".utf8))
        if let secret = scope.secret, !scrubbedProse, !ScrubEngine.isNeverSecret(text, inherited: secret.inherited) {
            let summary =
                secret.inherited ? "value under JSON key \"\(secret.name)\"" : "value of JSON key \"\(secret.name)\""
            // `"basic.auth.user.info": "KEYID:secret"`: the key id names the key; the secret is after it.
            let range = ScrubEngine.afterKeyID(bytes, 0..<bytes.count)
            let span = Span(
                range: range, secret: ScrubBytes.string(bytes, range), rule: rules.spec(.secretField), summary: summary)
            return process(text, utf8: bytes, kind: .plain, spans: [span], path: place.path)
        }
        let savedSkip = skipsEmail
        skipsEmail = skipsEmail || scope.messageID
        defer { skipsEmail = savedSkip }
        // A translated message is prose: `Passwort: Mindestlänge {0}` names no secret.
        if walksTranslations, ScrubEchoPolicy.isNaturalLanguage(text) {
            return process(text, utf8: bytes, kind: .plain, path: place.path)
        }
        return process(text, utf8: bytes, kind: .text(nil), path: place.path)
    }

    /// A key: read for shapes and echoes only (an email address or a token used as a key).
    private mutating func walkKey(_ key: String, place: JSONPlace) -> String {
        guard key.utf8.count >= 6 else { return key }
        places.append(place.isText && phase == .replace ? "in a key of the JSON text" : "in a JSON key")
        defer { places.removeLast() }
        var keyPath = place.path
        if !place.isText, phase == .replace, !keyPath.isEmpty { keyPath.removeLast() }
        return process(key, kind: .plain, path: keyPath)
    }

    /// Values that a name does not make secrets: booleans and modes in strings (`"include"`), public
    /// keys under key-like names, masked values (`********`), and prose under a container.
    static func isNeverSecret(_ text: String, inherited: Bool) -> Bool {
        if SecretNames.benignValues.contains(text.lowercased()) || ScrubEchoPolicy.isPublicKey(text)
            || ScrubEchoPolicy.isPublicByDesign(text)
            || ScrubEchoPolicy.isReference(text, dottedPaths: false)
        {
            return true
        }
        if isMasked(text) || isSigilPlaceholder(text) || isWordPath(text) || isConstantName(text) { return true }
        return inherited && ScrubEchoPolicy.isProse(text)
    }

    /// The part of `range` after a key id and its colon (`KEYID:secret`, `kubeconfig-user-x7k2:…`),
    /// or the whole range when it starts with no key id.
    static func afterKeyID(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        guard let offset = secretAfterKeyID(Array(bytes[range])) else { return range }
        return (range.lowerBound + offset)..<range.upperBound
    }

    /// Where the secret of a `key-id:secret` value starts: ``keyIDColon(_:_:)``'s shape, with a key
    /// id of 3 to 64 characters, no URL scheme, and after it a value longer than the id.
    static func secretAfterKeyID(_ bytes: [UInt8]) -> Int? {
        guard let colon = keyIDColon(bytes, 0..<bytes.count), (3...64).contains(colon),
            bytes.count - colon - 1 > colon, bytes[colon + 1] != UInt8(ascii: "/")
        else { return nil }
        return colon + 1
    }

    /// A constant's name in upper case (`USER_INFO`, `SASL_SSL`, `SCRAM-SHA-512`): groups of
    /// capitals or of digits between `_` and `-`, one of three capitals or more; a setting, not a secret.
    static func isConstantName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        // A placeholder (`SCRUBBED-HEADER-1`) stands for a secret.
        guard (3...40).contains(bytes.count), !ScrubBytes.contains(bytes, Array("SCRUBBED".utf8)) else { return false }
        let groups = bytes.split(omittingEmptySubsequences: false) { $0 == 0x5F || $0 == 0x2D }
        guard groups.allSatisfy({ !$0.isEmpty }), let first = groups.first?.first, ShapeBytes.isUpper(first) else {
            return false
        }
        return groups.allSatisfy { $0.allSatisfy(ShapeBytes.isUpper) || $0.allSatisfy(ShapeBytes.isDigit) }
            && groups.contains { $0.count >= 3 && $0.allSatisfy(ShapeBytes.isUpper) }
    }

    /// A masked value: three mask characters or more (`********`, `•••`, `xxxx`), or four or more
    /// (`+` too) and at most the last four characters of the secret (`xxxx1a2b` of CircleCI,
    /// `++++++++` of Argo CD).
    static func isMasked(_ text: String) -> Bool {
        if text.count >= 3, text.allSatisfy({ $0 == "*" || $0 == "•" || $0 == "x" || $0 == "X" }) { return true }
        let characters = Array(text)
        let mask = characters.prefix { $0 == "*" || $0 == "•" || $0 == "x" || $0 == "X" || $0 == "+" }
        return mask.count >= 4 && characters.count - mask.count <= 4
    }

    /// A word between sigils, which stands for a value a system keeps to itself: `$encrypted$`
    /// (AWX), `<hidden>`, `{{api_key}}`, `[secure]`, `%PASSWORD%`, Concourse's `((registry-password))`,
    /// Metabase's `**MetabasePass**` (stars only doubled: `*word*` may be a password).
    static func isSigilPlaceholder(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 4, bytes.count <= 40, let first = bytes.first, let last = bytes.last else { return false }
        let pairs: [UInt8: UInt8] = [
            UInt8(ascii: "$"): UInt8(ascii: "$"), UInt8(ascii: "<"): UInt8(ascii: ">"),
            UInt8(ascii: "{"): UInt8(ascii: "}"), UInt8(ascii: "["): UInt8(ascii: "]"),
            UInt8(ascii: "%"): UInt8(ascii: "%"), UInt8(ascii: "("): UInt8(ascii: ")"),
            UInt8(ascii: "*"): UInt8(ascii: "*"),
        ]
        guard pairs[first] == last else { return false }
        if first == UInt8(ascii: "*"), bytes[1] != first || bytes[bytes.count - 2] != last { return false }
        let inner = bytes.drop { $0 == first }.reversed().drop { $0 == last }
        return inner.count >= 2
            && inner.allSatisfy {
                ShapeBytes.isLower($0) || ShapeBytes.isUpper($0) || $0 == 0x5F || $0 == 0x2D || $0 == 0x20
            }
    }

    /// A path of lower-case words, which names a thing (a secret store's `prod/reporting/db`, a
    /// parameter's `app/config/region`) rather than being one: three segments or more, each of
    /// lower-case letters, `-` and `_`, and digits only at its end.
    static func isWordPath(_ text: String) -> Bool {
        let segments = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard segments.count >= 3, text.utf8.count <= 120 else { return false }
        return segments.enumerated().allSatisfy { position, segment in
            if segment.isEmpty { return position == 0 }
            guard let head = segment.first, ShapeBytes.isLower(head), segment.count <= 32 else { return false }
            let letters = segment.prefix { !ShapeBytes.isDigit($0) }
            return letters.allSatisfy { ShapeBytes.isLower($0) || $0 == 0x5F || $0 == 0x2D }
                && segment.dropFirst(letters.count).allSatisfy(ShapeBytes.isDigit)
                && segment.count - letters.count <= 4
        }
    }

    /// A replacement that does not come from the secret table (a number under a PIN's name): the
    /// first pass only notes that the second must run; the second records the finding.
    mutating func recordFixed(rule: ScrubRule, summary: String, replacement: String, _ place: JSONPlace) {
        guard phase == .replace else {
            table.hasFixedReplacements = true
            return
        }
        let location = place.isText ? " at \(JSONPathComponent.text(place.inner)) in the JSON text" : ""
        let nesting = places.filter { !$0.isEmpty }.reversed().joined(separator: " ")
        findings.append(
            ScrubFinding(
                path: JSONPathComponent.text(place.path), rule: rule.rawValue,
                summary: summary + location + (nesting.isEmpty ? "" : " " + nesting) + " → " + replacement))
        findingPaths.append(place.path)
    }

    /// The edits that write a JSON document kept as text back with its secrets replaced: each
    /// changed string (key or value) and number where it stands, the rest of the text untouched.
    mutating func jsonTextEdits(_ value: JSONValue, ranges: [Range<Int>], path: [JSONPathComponent]) -> [Edit] {
        let rebuilt = walkJSON(value, place: JSONPlace(path: path, inner: [], isText: true), scope: JSONScope())
        guard phase == .replace else { return [] }
        var edits: [Edit] = []
        var cursor = 0
        func diff(_ old: JSONValue, _ new: JSONValue) {
            switch (old, new) {
            case (.string(let before), .string(let after)):
                if before != after, cursor < ranges.count {
                    edits.append(Edit(range: ranges[cursor], replacement: ScrubBytes.jsonEscaped(after)))
                }
                cursor += 1
            case (.number(let before), .number(let after)):
                if before != after, cursor < ranges.count {
                    edits.append(Edit(range: ranges[cursor], replacement: after))
                }
                cursor += 1
            case (.array(let before), .array(let after)):
                for (left, right) in zip(before, after) { diff(left, right) }
            case (.object(let before), .object(let after)):
                for (left, right) in zip(before, after) {
                    diff(.string(left.key), .string(right.key))
                    diff(left.value, right.value)
                }
            default:
                break
            }
        }
        diff(value, rebuilt)
        return edits
    }
}
