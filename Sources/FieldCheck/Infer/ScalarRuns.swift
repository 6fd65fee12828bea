extension Array where Element == Unicode.Scalar {
    /// The longest runs of scalars that `belongs` holds for, in order: the words `infer` looks
    /// at (month names in a date, a decoded sample's words when telling charsets apart).
    func runs(where belongs: (Unicode.Scalar) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        while start < count {
            guard belongs(self[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < count, belongs(self[end]) { end += 1 }
            runs.append(start..<end)
            start = end
        }
        return runs
    }
}
