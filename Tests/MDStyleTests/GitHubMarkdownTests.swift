import MDCore
import MDMarkdown
import MDTheme
import Testing
@testable import MDStyle

/// GitHub's Markdown beyond CommonMark and GFM, at the style stage: alerts, emoji
/// shortcodes and heading IDs (`{#id}`), read from the styled document.
@Suite struct GitHubMarkdownTests {
    func style(_ markdown: String, theme: String = "{}") throws -> (StyledDocument, [Diagnostic]) {
        let sink = DiagnosticSink()
        let t = try ThemeLoader.resolve(text: theme, name: "t")
        let doc = DocumentStyler.style(MarkdownParser.parse(markdown, diagnostics: sink), theme: t,
                                       options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        return (doc, sink.diagnostics)
    }

    /// Every paragraph's text, in document order, at any depth.
    func texts(_ blocks: [StyledBlock]) -> [String] {
        var out: [String] = []
        for b in blocks {
            switch b {
            case .paragraph(let p): out.append(p.text.string)
            case .container(let c): out += texts(c.children)
            case .list(let l): for item in l.items { out += texts(item.children) }
            default: break
            }
        }
        return out
    }

    func alertContainer(_ doc: StyledDocument) -> StyledContainer? {
        for b in doc.blocks { if case .container(let c) = b, c.kind == .alert { return c } }
        return nil
    }

    // MARK: Alerts

    @Test(arguments: [
        ("> [!NOTE]\n> Body.", AlertKind.note),
        ("> [!tip]\n> Body.", .tip),
        ("> [!Important]\n> Body.", .important),
        ("> [!WARNING]  \n> Body.", .warning),      // a hard break after the marker
        ("> [!CAUTION]   \n> Body.", .caution),
        ("> [!NOTE]\n>\n> Body.", .note),            // the marker alone in its paragraph
    ])
    func alertsAreRecognised(_ markdown: String, _ kind: AlertKind) throws {
        let (doc, _) = try style(markdown)
        let c = try #require(alertContainer(doc), "\(markdown) should be an alert")
        #expect(texts(c.children) == ["\u{FFFC}" + kind.rawValue.capitalized, "Body."])
        let expected = try ThemeLoader.resolve(text: "{}", name: "t").alerts.style(kind).color.color
        #expect(c.bar == expected)
        guard case .paragraph(let title) = c.children[0] else { Issue.record("no title"); return }
        #expect(title.keepWithNext)
        #expect(title.text.runs.allSatisfy { $0.paint.color == expected })
        let icon = try #require(title.text.runs.first?.layout.object)
        guard case .icon(let drawn) = icon.payload else { Issue.record("no icon"); return }
        #expect(drawn.name == kind.rawValue)
        #expect(drawn.path.elements.count > 10)
    }

    @Test(arguments: [
        "> [!NOTE] Text on the marker's line.\n> More.",   // GitHub wants the marker alone
        "> [!NOTES]\n> Body.",                              // not a kind
        "> [ !NOTE]\n> Body.",
        "> **[!NOTE]**\n> Body.",
        "- > [!NOTE]\n  > In a list.",                      // not at the top level
        "> > [!NOTE]\n> > In a quote.",
        "Text.[^1]\n\n[^1]: > [!NOTE]\n    > In a footnote.",
    ])
    func otherQuotesStayQuotes(_ markdown: String) throws {
        let (doc, _) = try style(markdown)
        #expect(alertContainer(doc) == nil)
        let notes = doc.pageFootnotes?.notes.values.flatMap { $0 } ?? []
        #expect(texts(doc.blocks + notes).contains { $0.contains("[!NOTE") || $0.contains("[!NOTES]") || $0.contains("[ !NOTE]") })
    }

    @Test func alertThemeTurnsIconAndTitleOffAndRetitles() throws {
        let theme = ##"{"alerts": {"note": {"icon": false, "title": "Remarque", "background": "#eeeeff"}, "tip": {"icon": true, "title": ""}}}"##
        let (doc, _) = try style("> [!NOTE]\n> Body.\n\n> [!TIP]\n> Body.", theme: theme)
        let alerts = doc.blocks.compactMap { b -> StyledContainer? in if case .container(let c) = b, c.kind == .alert { return c }; return nil }
        #expect(alerts.count == 2)
        #expect(texts(alerts[0].children) == ["Remarque", "Body."])
        #expect(alerts[0].background == Color(hex: "#eeeeff"))
        #expect(texts(alerts[1].children) == ["\u{FFFC}", "Body."])
    }

    @Test func alertContentKeepsTheTextColorAndNestedBlocks() throws {
        let (doc, _) = try style("> [!WARNING]\n> Careful:\n>\n> - one\n> - two\n>\n> > quoted")
        let c = try #require(alertContainer(doc))
        #expect(texts(c.children) == ["\u{FFFC}Warning", "Careful:", "one", "two", "quoted"])
        guard case .paragraph(let body) = c.children[1] else { Issue.record("no body"); return }
        let bodyColor = try ThemeLoader.resolve(text: "{}", name: "t").body.color.color
        #expect(body.text.runs.allSatisfy { $0.paint.color == bodyColor })
    }

    // MARK: Emoji shortcodes

    @Test(arguments: [
        (":tada:", "🎉"),
        (":+1: and :thumbsup:", "👍 and 👍"),
        (":sweat_smile:", "😅"),
        ("glued:tada:text", "glued🎉text"),
        (":tada::rocket:", "🎉🚀"),
        (":not_an_emoji: stays", ":not_an_emoji: stays"),
        ("10:30:00", "10:30:00"),
        ("a:zzq:tada:", "a:zzq🎉"),
        ("::tada:", ":🎉"),
        (":heart:", "❤️"),
        ("see https://example.com/:tada:/x", "see https://example.com/:tada:/x"),
        ("www.example.com/:smile: here", "www.example.com/:smile: here"),
        (":tada", ":tada"),
    ])
    func shortcodesInText(_ text: String, _ expected: String) {
        #expect(EmojiShortcodes.replacing(in: text) == expected)
    }

    @Test func shortcodesAreNotReplacedInCodeOrBareURLs() throws {
        let md = """
            # Release :tada:

            Thanks :+1: `:tada:` <https://example.com/:tada:> [link :smile:](https://example.com) *:fire:*

            ```
            :tada: in a block
            ```
            """
        let (doc, _) = try style(md)
        let t = texts(doc.blocks)
        #expect(t[0] == "Release 🎉")
        #expect(t[1] == "Thanks 👍 :tada: https://example.com/:tada: link 😄 🔥")
        #expect(t[2] == ":tada: in a block")
        // The anchor is made from the title as written, as GitHub makes it; the outline's title shows the emoji.
        guard case .paragraph(let h) = doc.blocks[0], case .heading(_, let anchor, let title) = h.role else {
            Issue.record("no heading"); return
        }
        #expect(anchor == "release-tada")
        #expect(title == "Release 🎉")
    }

    @Test func theTableMapsGitHubNames() {
        for (name, emoji) in [("smile", "😄"), ("100", "💯"), ("-1", "👎"), ("cat", "🐱"), ("dog", "🐶"), ("rocket", "🚀"),
                              ("white_check_mark", "✅"), ("warning", "⚠️"), ("x", "❌"), ("sparkles", "✨")] {
            #expect(EmojiShortcodes.emoji(named: name.utf8) == emoji, "\(name)")
        }
        let names = EmojiShortcodeTableTests.lines().map(\.name)
        #expect(names.count > 4000)
        #expect(names.allSatisfy { !$0.contains(":") && $0.utf8.count <= EmojiShortcodes.longestName })
    }

    // MARK: Heading IDs

    func headings(_ doc: StyledDocument) -> [(anchor: String, title: String, text: String)] {
        doc.blocks.compactMap { b in
            guard case .paragraph(let p) = b, case .heading(_, let anchor, let title) = p.role else { return nil }
            return (anchor, title, p.text.string)
        }
    }

    @Test func headingIDsSetTheAnchorAndAreNotPrinted() throws {
        let md = """
            # Guide {#top}

            ## Installing the tool {#install}

            ## Usage notes

            ## Snake {#my_custom_id .class key="a value"}

            ## Braces {in the middle} stay

            ## Glued{#not-an-id}

            ## Two ids {#a #b}

            ## {#empty-title}
            """
        let (doc, _) = try style(md)
        let h = headings(doc)
        #expect(h.map(\.anchor) == ["top", "install", "usage-notes", "my_custom_id", "braces-in-the-middle-stay",
                                    "gluednot-an-id", "two-ids-a-b", "empty-title"])
        #expect(h.map(\.text) == ["Guide", "Installing the tool", "Usage notes", "Snake", "Braces {in the middle} stay",
                                  "Glued{#not-an-id}", "Two ids {#a #b}", ""])
        #expect(h[1].title == "Installing the tool")
    }

    @Test func headingIDsInteractWithNumberingAndDuplicates() throws {
        let md = "# One\n\n## Two {#two}\n\n## Preface {.unnumbered}\n\n## Three {-}\n\n## Four {#two}\n\n## two\n"
        let (doc, diagnostics) = try style(md, theme: #"{"headings": {"numbering": {"enabled": true}}}"#)
        let h = headings(doc)
        #expect(h.map(\.text) == ["1 One", "1.1 Two", "Preface", "Three", "1.2 Four", "1.3 two"])
        #expect(h.map(\.anchor) == ["one", "two", "preface", "three", "two-1", "two-2"])
        #expect(diagnostics.contains { $0.message.contains("heading id 'two' is already used") && $0.location?.line == 9 })
    }

    @Test func linksToHeadingIDsResolve() throws {
        let (doc, diagnostics) = try style("# Title {#custom-id}\n\n[go](#custom-id) [slug](#title)\n")
        #expect(diagnostics.filter { $0.message.contains("matches no heading") }.count == 1)
        guard case .paragraph(let p) = doc.blocks[1] else { Issue.record("no paragraph"); return }
        #expect(p.text.runs.contains { $0.paint.link == .internalDestination("custom-id") })
    }
}
