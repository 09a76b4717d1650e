/// Numbers user ids 0, 1, 2, ... in the order they first appear, looking them up by a hash made beforehand.
///
/// A log's reader hashes each event's user id on its decoding threads (`user.hashValue`), so the one thread that
/// counts events only compares ids, never hashes them. Open addressing with linear probing over a table at most
/// half full. A slot holds a user's number beside the high half of their hash, so a probe that meets another user
/// is told apart in the slot itself, without reading that user's id: in a large log every read of the id arrays
/// is a cache miss. Growing rehashes no id, since each id's hash is kept.
struct UserNumbering: Sendable {
    /// For each slot, 0 when empty, else the high 32 bits of the user's hash above their number plus one.
    private var slots: [UInt64] = Array(repeating: 0, count: 1024)
    /// Each user's id and hash, by number.
    private var ids: [String] = []
    private var hashes: [Int] = []
    /// The number and hash of the id last numbered or found.
    private var lastNumber = Int.max
    private var lastHash = 0

    /// How many users are numbered.
    var count: Int {
        ids.count
    }

    /// The number of `id`, whose `hashValue` is `hash`, numbering it when it is new.
    mutating func number(of id: String, hash: Int) -> Int {
        // A log's consecutive events are mostly one user's: the last number found spares a probe of the table,
        // which in a large log is a cache miss.
        if hash == lastHash, lastNumber < ids.count, ids[lastNumber] == id { return lastNumber }
        let (found, slot) = find(id, hash: hash)
        lastHash = hash
        if let found {
            lastNumber = found
            return found
        }
        lastNumber = ids.count
        let number = ids.count
        ids.append(id)
        hashes.append(hash)
        slots[slot] = Self.slotValue(number: number, hash: hash)
        if 2 * ids.count > slots.count { grow() }
        return number
    }

    /// The number of `id`, whose `hashValue` is `hash`, if it has one.
    func existingNumber(of id: String, hash: Int) -> Int? {
        find(id, hash: hash).number
    }

    /// The number of `id` if it has one, else the empty slot where it belongs.
    @inline(__always)
    private func find(_ id: String, hash: Int) -> (number: Int?, slot: Int) {
        let tag = UInt64(UInt(bitPattern: hash)) >> 32
        var slot = hash & (slots.count - 1)
        while slots[slot] != 0 {
            if slots[slot] >> 32 == tag {
                let number = Int(slots[slot] & 0xFFFF_FFFF) - 1
                if ids[number] == id { return (number, slot) }
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (nil, slot)
    }

    /// A slot's value for the user numbered `number`; 32 bits are enough for the number, since the ids of 2^32
    /// users would not fit in memory.
    private static func slotValue(number: Int, hash: Int) -> UInt64 {
        (UInt64(UInt(bitPattern: hash)) >> 32) << 32 | UInt64(number + 1)
    }

    /// Quadruples the table, which rehashes a third as many ids on the way to a large log's size as doubling.
    private mutating func grow() {
        let capacity = slots.count * 4
        slots = Array(repeating: 0, count: capacity)
        for (number, hash) in hashes.enumerated() {
            var slot = hash & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Self.slotValue(number: number, hash: hash)
        }
    }
}
