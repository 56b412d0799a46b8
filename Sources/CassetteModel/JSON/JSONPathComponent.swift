import Foundation

/// A place in a JSON document: an object key or an array index.
package enum JSONPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// Renders a path as `interactions[2].response.status`.
    package static func text(_ path: [JSONPathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}
