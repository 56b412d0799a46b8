import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Every session a cassette hands out gets a protocol class of its own, and the class, not a header
// or a global handler, says which cassette answers. `httpAdditionalHeaders` are invisible to a
// URLProtocol on Linux, so routing by header silently fails there; a distinct class per session
// works on every platform and needs no global mutable handler.
//
// Distinct classes come from specialising one generic subclass on distinct tag types, built at run
// time from a counter's bits as nested generic types, so there is no fixed pool to run out of.

protocol SlotTag {}
enum SlotRoot: SlotTag {}
enum SlotBitZero {}
enum SlotBitOne {}
enum SlotNode<Prefix: SlotTag, Bit>: SlotTag {}

final class ReplaySlot<Tag: SlotTag>: ReplayProtocol {}

/// What a session's protocol class routes to: its cassette's replay session (released with the
/// cassette), and the headers of the session's configuration, which the protocol cannot see in the
/// request on Linux.
struct SlotEntry: Sendable {
    weak var route: ReplaySession?
    /// The cassette file, for the error when a request arrives after the cassette was released.
    let fileURL: URL
    let additionalHeaders: [HTTPHeader]
    /// The response heads of the cassette's answers served as recorded, shared by its sessions.
    let heads: ResponseHeads
    /// Whether a streamed body goes to the client in one `didLoad` per recorded chunk (else in one
    /// call): see ``ProtocolSink``.
    var deliversChunks = false
}

enum ProtocolSlots {
    private static let entries = Locked<[ObjectIdentifier: SlotEntry]>([:])
    private static let counter = Locked<UInt64>(0)

    /// A protocol class that no other session uses, routed to `entry`.
    static func makeClass(for entry: SlotEntry) -> ReplayProtocol.Type {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        let protocolClass = slotClass(tag(for: number))
        entries.withLock { $0[ObjectIdentifier(protocolClass)] = entry }
        return protocolClass
    }

    static func entry(for protocolClass: AnyClass) -> SlotEntry? {
        entries.withLock { $0[ObjectIdentifier(protocolClass)] }
    }

    static func remove(_ classes: [ObjectIdentifier]) {
        entries.withLock { table in
            for protocolClass in classes { table[protocolClass] = nil }
        }
    }

    private static func tag(for number: UInt64) -> any SlotTag.Type {
        var tag: any SlotTag.Type = SlotRoot.self
        var rest = number
        repeat {
            tag = appending(rest & 1 == 1, to: tag)
            rest >>= 1
        } while rest > 0
        return tag
    }

    private static func appending<Prefix: SlotTag>(_ bit: Bool, to _: Prefix.Type) -> any SlotTag.Type {
        bit ? SlotNode<Prefix, SlotBitOne>.self : SlotNode<Prefix, SlotBitZero>.self
    }

    private static func slotClass<Tag: SlotTag>(_: Tag.Type) -> ReplayProtocol.Type {
        ReplaySlot<Tag>.self
    }
}
