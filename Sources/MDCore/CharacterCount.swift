extension StringProtocol {
    /// Whether more than `limit` of the text's characters satisfy `counts`, stopping at
    /// the first one past it: a short test that tells a long text from a keyword without
    /// reading (or lowercasing) all of it.
    public func hasMore(than limit: Int, where counts: (Character) -> Bool) -> Bool {
        var n = 0
        for c in self where counts(c) {
            n += 1
            if n > limit { return true }
        }
        return false
    }
}
