extension JSONValue {
    /// The paths at which this value and `other` differ, such as `$.user.name` or `$.items[2]`, at
    /// most `limit` of them, in document order. Numbers compare by their canonical spelling.
    package func differingPaths(from other: JSONValue, limit: Int = 5) -> [String] {
        var paths: [String] = []
        JSONValue.collectDifferences(self, other, path: "$", into: &paths, limit: limit)
        return paths
    }

    private static func collectDifferences(
        _ lhs: JSONValue, _ rhs: JSONValue, path: String, into paths: inout [String], limit: Int
    ) {
        guard paths.count < limit else { return }
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            var leftIndex = 0
            var rightIndex = 0
            while leftIndex < left.count || rightIndex < right.count {
                guard paths.count < limit else { return }
                if rightIndex == right.count
                    || (leftIndex < left.count && keyPrecedes(left[leftIndex].key, right[rightIndex].key))
                {
                    paths.append(path + "." + left[leftIndex].key)
                    leftIndex += 1
                } else if leftIndex == left.count || keyPrecedes(right[rightIndex].key, left[leftIndex].key) {
                    paths.append(path + "." + right[rightIndex].key)
                    rightIndex += 1
                } else {
                    collectDifferences(
                        left[leftIndex].value, right[rightIndex].value, path: path + "." + left[leftIndex].key,
                        into: &paths, limit: limit)
                    leftIndex += 1
                    rightIndex += 1
                }
            }
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                guard paths.count < limit else { return }
                if index < left.count && index < right.count {
                    collectDifferences(left[index], right[index], path: "\(path)[\(index)]", into: &paths, limit: limit)
                } else {
                    paths.append("\(path)[\(index)]")
                }
            }
        case (.number(let left), .number(let right)):
            if JSONNumber.canonical(left) != JSONNumber.canonical(right) { paths.append(path) }
        default:
            if lhs != rhs { paths.append(path) }
        }
    }
}
