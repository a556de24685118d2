import Glibc

/// The environment variable `name` (`getenv`), nil when it is not set. `ProcessInfo`'s
/// environment copies every variable into a dictionary at each ask.
public func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
