extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place for a native string (every string
    /// fieldcheck makes), else through a contiguous copy. `withUTF8` needs a mutable copy, whose
    /// retain and release a message paid for every piece it wrote (issue 35).
    @inlinable
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
