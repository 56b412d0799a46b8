import CassetteModel
import Testing

/// The order cassettes store headers in: by name with ASCII case folded, fields of one name in the
/// order they came (`Set-Cookie`'s order matters), whatever order they arrive in.
@Suite struct HTTPHeaderTests {
    static let fields = [
        HTTPHeader("set-cookie", "a=1"), HTTPHeader("Accept", "*/*"), HTTPHeader("Set-Cookie", "b=2"),
        HTTPHeader("X-B", "x"), HTTPHeader("x-a", "y"), HTTPHeader("Content-Type", "text/plain"),
        HTTPHeader("SET-COOKIE", "c=3"), HTTPHeader("accept", "text/html"), HTTPHeader("ETag", "\"1\""),
    ]

    /// Sorted by each name's folded bytes, ties by arrival: what the order is defined as.
    static func reference(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        headers.enumerated().sorted { lhs, rhs in
            let left = Array(lhs.element.name.lowercased().utf8)
            let right = Array(rhs.element.name.lowercased().utf8)
            return left == right ? lhs.offset < rhs.offset : left.lexicographicallyPrecedes(right)
        }.map(\.element)
    }

    @Test func headersInAnyOrderAreSortedByFoldedNameKeepingArrivalWithinAName() {
        var generator = SystemRandomNumberGenerator()
        for count in 0...Self.fields.count {
            for _ in 0..<50 {
                let arrived = Array(Self.fields.shuffled(using: &generator).prefix(count))
                #expect(HTTPHeader.canonicalOrder(arrived) == Self.reference(arrived), "\(arrived)")
            }
        }
        let sorted = HTTPHeader.canonicalOrder(Self.fields)
        #expect(sorted.map(\.value).prefix(2) == ["*/*", "text/html"])
        #expect(sorted.filter { $0.hasName("set-cookie") }.map(\.value) == ["a=1", "b=2", "c=3"])
    }

    @Test func headersAlreadyInOrderStayAsTheyAre() {
        let ordered = Self.reference(Self.fields)
        #expect(HTTPHeader.canonicalOrder(ordered) == ordered)
        #expect(HTTPHeader.canonicalOrder(ordered.reversed()) != ordered.reversed())
    }
}
