extension Array where Element: Comparable {
    /// In an ascending array, the index of the first element not below `value` (`count` when
    /// every element is below it): a binary search.
    package func lowerBound(of value: Element) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether the ascending array holds `value` (a binary search).
    package func sortedContains(_ value: Element) -> Bool {
        let index = lowerBound(of: value)
        return index < count && self[index] == value
    }
}
