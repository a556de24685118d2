import Testing
@testable import MDLayout

@Test func scratch() throws {
    let (r, d) = try layOut("# Title\n\nHello *world*, this is `code` and a [link](https://x.org).\n\n- one\n- two\n\n1. a\n2. b\n\n> quote\n\n```\ncode line\n```\n")
    print(r.dump())
    print(d)
}
