import Glibc
import MDCore
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
        let done = Condition()
        for i in 0..<8 {
            DetachedThread.start(stackSize: 4 << 20) {
                let theme = try? cache.theme()
                done.lock()
                results.values[i] = theme
                results.finished += 1
                done.signal()
                done.unlock()
            }
        }
        done.lock()
        while results.finished < 8 { done.wait() }
        done.unlock()
        #expect(results.values.allSatisfy { $0 == expected })
    }

    private final class ResultBox: @unchecked Sendable {
        var values: [Theme?]
        var finished = 0
        init(count: Int) { values = Array(repeating: nil, count: count) }
    }
}
