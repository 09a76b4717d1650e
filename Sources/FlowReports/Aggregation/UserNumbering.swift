/// Numbers user ids 0, 1, 2, ... in the order they first appear, looking them up by a hash made beforehand.
///
/// A log's reader hashes each event's user id on its decoding threads (`user.hashValue`), so the one thread that
/// counts events only compares ids, never hashes them. Open addressing with linear probing over a table at most
/// half full; growing rehashes no id, since each id's hash is kept.
struct UserNumbering: Sendable {
    /// For each slot, the number of the user there plus one; 0 for an empty slot. 32 bits are enough: the ids of
    /// 2^31 users would not fit in memory.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)
    /// Each user's id and hash, by number.
    private var ids: [String] = []
    private var hashes: [Int] = []

    /// How many users are numbered.
    var count: Int {
        ids.count
    }

    /// The number of `id`, whose `hashValue` is `hash`, numbering it when it is new.
    mutating func number(of id: String, hash: Int) -> Int {
        var slot = hash & (slots.count - 1)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, ids[number] == id { return number }
            slot = (slot + 1) & (slots.count - 1)
        }
        let number = ids.count
        ids.append(id)
        hashes.append(hash)
        slots[slot] = Int32(truncatingIfNeeded: number + 1)
        if 2 * ids.count > slots.count { grow() }
        return number
    }

    /// The number of `id`, whose `hashValue` is `hash`, if it has one.
    func existingNumber(of id: String, hash: Int) -> Int? {
        var slot = hash & (slots.count - 1)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, ids[number] == id { return number }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Quadruples the table, which rehashes a third as many ids on the way to a large log's size as doubling.
    private mutating func grow() {
        let capacity = slots.count * 4
        slots = Array(repeating: 0, count: capacity)
        for number in hashes.indices {
            var slot = hashes[number] & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(truncatingIfNeeded: number + 1)
        }
    }
}
