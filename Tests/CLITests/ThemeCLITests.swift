import Foundation
import Testing

/// Theme features seen from the command line: the built binary run with Foundation.Process.
@Suite struct ThemeCLITests {
}
