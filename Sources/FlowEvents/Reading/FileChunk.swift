/// A piece of a file handed out by `FileChunkReader`.
enum FileChunk {
    /// Whole lines, each ending in a newline except possibly the file's last one.
    ///
    /// The bytes belong to the reader and stay valid only until its next `nextChunk()`.
    case lines(ByteView)
    /// One line too long for the reader's buffer, whose bytes were discarded unread.
    case oversizedLine
}
