import Glibc
import MDCore
import TestSupport
import Testing
@testable import MDTheme

/// The default theme a run's conversions share (`DefaultThemeCache`) is the built-in
/// theme as the loader gives it, and conversions running side by side (`-j`) get it
/// whole whichever asks first.
@Suite struct DefaultThemeCacheTests {
    @Test func itIsTheBuiltinDefaultTheme() throws {
        #expect(try DefaultThemeCache().theme() == ThemeLoader.load(.builtin("default")))
    }

    @Test func threadsAskingAtOnceAllGetIt() throws {
        let cache = DefaultThemeCache()
        let expected = try ThemeLoader.load(.builtin("default"))
        let results = ResultBox(count: 8)
        onThreads(8) { i in
            let theme = try? cache.theme()
            results.lock.withLock { results.values[i] = theme }
        }
        #expect(results.lock.withLock { results.values }.allSatisfy { $0 == expected })
    }

    private final class ResultBox: @unchecked Sendable {
        let lock = Lock()
        var values: [Theme?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
    }
}
