extension MatchRules {
    /// The keys the `"match"` object of `.cassette.json` may hold.
    package static let fileKeys = ["echo", "headers", "ignoreBodyPaths", "ignoreQueryItems"]

    /// Reads the `"match"` section of `.cassette.json`.
    init(section reader: JSONObjectReader) throws(ConfigurationError) {
        self.init()
        let echoes = try ConfigurationError.reading { () throws(JSONShapeError) -> [JSONObjectReader] in
            ignoreBodyPaths = try reader.strings("ignoreBodyPaths")
            ignoreQueryItems = try reader.strings("ignoreQueryItems")
            headers = try reader.strings("headers")
            return try reader.objects("echo", what: "an echo rule", keys: ["request", "response"])
        }
        for entry in echoes {
            echo.append(
                try ConfigurationError.reading { () throws(JSONShapeError) in
                    Echo(request: try entry.string("request"), response: try entry.string("response"))
                })
        }
        do throws(MatchRuleError) {
            _ = try CompiledMatchRules(self)
        } catch {
            throw .at(reader.path + error.place, .invalid(error.message))
        }
    }
}
