/// The theme's structs read from merged theme JSON, every property by its own name (see
/// `ThemeReadable`), through the memberwise initializers: a property added to a struct
/// (without a default value) fails to compile here until it is read, and a key missing
/// from `Themes/default.json` fails every theme's load.

extension Theme {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(version: o("version"),
                      description: o("description"),
                      palette: o("palette"),
                      fonts: o("fonts"),
                      page: o("page"),
                      body: o("body"),
                      paragraph: o("paragraph"),
                      headings: o("headings"),
                      emphasis: o("emphasis"),
                      strong: o("strong"),
                      strikethrough: o("strikethrough"),
                      link: o("link"),
                      highlight: o("highlight"),
                      codeSpan: o("codeSpan"),
                      codeBlock: o("codeBlock"),
                      blockQuote: o("blockQuote"),
                      alerts: o("alerts"),
                      list: o("list"),
                      table: o("table"),
                      image: o("image"),
                      titleBlock: o("titleBlock"),
                      rule: o("rule"),
                      footnotes: o("footnotes"),
                      html: o("html"),
                      underline: o("underline"),
                      kbd: o("kbd"),
                      superscript: o("superscript"),
                      subscript: o("subscript"),
                      footnoteReference: o("footnoteReference"),
                      toc: o("toc"),
                      outline: o("outline"),
                      math: o("math"),
                      book: o("book"))
    }
}

extension FontFaceFiles {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(regular: o("regular"),
                      bold: o("bold"),
                      italic: o("italic"),
                      boldItalic: o("boldItalic"))
    }
}

extension PageStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(size: o("size"),
                      orientation: o("orientation"),
                      margins: o("margins"),
                      sectionLevel: o("sectionLevel"),
                      header: o("header"),
                      footer: o("footer"))
    }
}

extension Margins {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(top: o("top"),
                      right: o("right"),
                      bottom: o("bottom"),
                      left: o("left"))
    }
}

extension RunningTextStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(left: o("left"),
                      center: o("center"),
                      right: o("right"),
                      fontFamily: o("fontFamily"),
                      fontSize: o("fontSize"),
                      fontWeight: o("fontWeight"),
                      italic: o("italic"),
                      color: o("color"),
                      features: o("features"),
                      distance: o("distance"),
                      ruleColor: o("ruleColor"),
                      ruleWidth: o("ruleWidth"),
                      ruleGap: o("ruleGap"),
                      firstPage: o("firstPage"))
    }
}

extension BodyStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontFamily: o("fontFamily"),
                      fontSize: o("fontSize"),
                      lineHeight: o("lineHeight"),
                      color: o("color"),
                      language: o("language"),
                      features: o("features"))
    }
}

extension ParagraphStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(alignment: o("alignment"),
                      spaceAfter: o("spaceAfter"),
                      firstLineIndent: o("firstLineIndent"),
                      indentFirst: o("indentFirst"),
                      lineHeight: o("lineHeight"),
                      lineBreaking: o("lineBreaking"),
                      hyphenate: o("hyphenate"),
                      hyphenMinLeft: o("hyphenMinLeft"),
                      hyphenMinRight: o("hyphenMinRight"))
    }
}

extension HeadingsStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontFamily: o("fontFamily"),
                      fontWeight: o("fontWeight"),
                      italic: o("italic"),
                      color: o("color"),
                      lineHeight: o("lineHeight"),
                      alignment: o("alignment"),
                      features: o("features"),
                      numbering: o("numbering"),
                      borderWidth: o("borderWidth"),
                      borderGap: o("borderGap"),
                      h1: o("h1"),
                      h2: o("h2"),
                      h3: o("h3"),
                      h4: o("h4"),
                      h5: o("h5"),
                      h6: o("h6"),
                      underline: o("underline"))
    }
}

extension HeadingNumbering {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(enabled: o("enabled"),
                      fromLevel: o("fromLevel"),
                      toLevel: o("toLevel"),
                      suffix: o("suffix"))
    }
}

extension HeadingLevelStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontSize: o("fontSize"),
                      spaceBefore: o("spaceBefore"),
                      spaceAfter: o("spaceAfter"),
                      fontWeight: o("fontWeight"),
                      italic: o("italic"),
                      color: o("color"),
                      borderBottom: o("borderBottom"))
    }
}

extension InlineStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontWeight: o("fontWeight"),
                      italic: o("italic"),
                      color: o("color"),
                      underline: o("underline"),
                      strike: o("strike"))
    }
}

extension LinkStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontWeight: o("fontWeight"),
                      italic: o("italic"),
                      color: o("color"),
                      underline: o("underline"),
                      strike: o("strike"),
                      shortenBareURLs: o("shortenBareURLs"),
                      launchFiles: o("launchFiles"))
    }
}

extension DecorationSpec {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(style: o("style"),
                      color: o("color"),
                      thickness: o("thickness"),
                      offset: o("offset"))
    }
}

extension HighlightStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(color: o("color"),
                      background: o("background"))
    }
}

extension KeyboardStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontFamily: o("fontFamily"),
                      fontSize: o("fontSize"),
                      color: o("color"),
                      background: o("background"),
                      borderColor: o("borderColor"),
                      borderWidth: o("borderWidth"),
                      cornerRadius: o("cornerRadius"),
                      padding: o("padding"),
                      features: o("features"))
    }
}

extension ScriptStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontSize: o("fontSize"),
                      shift: o("shift"),
                      fontFeature: o("fontFeature"))
    }
}

extension CodeSpanStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontFamily: o("fontFamily"),
                      fontSize: o("fontSize"),
                      color: o("color"),
                      background: o("background"),
                      padding: o("padding"),
                      features: o("features"),
                      underline: o("underline"))
    }
}

extension CodeBlockStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontFamily: o("fontFamily"),
                      fontSize: o("fontSize"),
                      lineHeight: o("lineHeight"),
                      color: o("color"),
                      background: o("background"),
                      borderColor: o("borderColor"),
                      borderWidth: o("borderWidth"),
                      cornerRadius: o("cornerRadius"),
                      padding: o("padding"),
                      spaceAfter: o("spaceAfter"),
                      wrapMark: o("wrapMark"),
                      wrapMarkColor: o("wrapMarkColor"),
                      features: o("features"),
                      splitEdges: o("splitEdges"),
                      tabWidth: o("tabWidth"),
                      lineNumbers: o("lineNumbers"),
                      lineNumberColor: o("lineNumberColor"),
                      highlight: o("highlight"))
    }
}

extension CodeHighlightStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(palette: o("palette"),
                      defaultLanguage: o("defaultLanguage"),
                      tokens: o("tokens"))
    }
}

extension TokenStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(color: o("color"),
                      fontWeight: o("fontWeight"),
                      italic: o("italic"))
    }
}

extension BlockQuoteStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(color: o("color"),
                      italic: o("italic"),
                      background: o("background"),
                      barColor: o("barColor"),
                      barWidth: o("barWidth"),
                      indent: o("indent"),
                      spaceAfter: o("spaceAfter"),
                      splitEdges: o("splitEdges"))
    }
}

extension ListStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(indent: o("indent"),
                      markerGap: o("markerGap"),
                      itemSpacing: o("itemSpacing"),
                      spaceAfter: o("spaceAfter"),
                      bullets: o("bullets"),
                      numbering: o("numbering"),
                      markerSize: o("markerSize"),
                      markerColor: o("markerColor"),
                      markerFont: o("markerFont"),
                      taskSize: o("taskSize"),
                      taskCheckColor: o("taskCheckColor"),
                      taskBoxColor: o("taskBoxColor"),
                      taskDoneColor: o("taskDoneColor"),
                      taskDoneStrikethrough: o("taskDoneStrikethrough"),
                      levels: o("levels"))
    }
}

extension ListLevelStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(indent: o("indent"),
                      markerGap: o("markerGap"),
                      itemSpacing: o("itemSpacing"),
                      markerColor: o("markerColor"))
    }
}

extension TableStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontSize: o("fontSize"),
                      cellPadding: o("cellPadding"),
                      headerBackground: o("headerBackground"),
                      headerFontWeight: o("headerFontWeight"),
                      headerColor: o("headerColor"),
                      borderColor: o("borderColor"),
                      borderWidth: o("borderWidth"),
                      zebraBackground: o("zebraBackground"),
                      spaceAfter: o("spaceAfter"),
                      splitEdges: o("splitEdges"),
                      minFontSize: o("minFontSize"))
    }
}

extension ImageStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(spaceAfter: o("spaceAfter"),
                      placeholder: o("placeholder"))
    }
}

extension ImagePlaceholderStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(color: o("color"),
                      borderColor: o("borderColor"),
                      background: o("background"))
    }
}

extension TitleBlockStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(alignment: o("alignment"),
                      title: o("title"),
                      subtitle: o("subtitle"),
                      author: o("author"),
                      date: o("date"),
                      abstract: o("abstract"),
                      ruleColor: o("ruleColor"),
                      spaceAfter: o("spaceAfter"))
    }
}

extension TitleBlockPartStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontFamily: o("fontFamily"),
                      fontSize: o("fontSize"),
                      fontWeight: o("fontWeight"),
                      italic: o("italic"),
                      color: o("color"),
                      spaceAfter: o("spaceAfter"))
    }
}

extension AbstractStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(title: o("title"),
                      titleWeight: o("titleWeight"),
                      fontSize: o("fontSize"),
                      italic: o("italic"),
                      color: o("color"),
                      indent: o("indent"),
                      alignment: o("alignment"),
                      spaceAfter: o("spaceAfter"))
    }
}

extension RuleStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(style: o("style"),
                      text: o("text"),
                      width: o("width"),
                      color: o("color"),
                      thickness: o("thickness"),
                      spaceBefore: o("spaceBefore"),
                      spaceAfter: o("spaceAfter"))
    }
}

extension FootnotesStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(fontSize: o("fontSize"),
                      ruleColor: o("ruleColor"),
                      ruleWidth: o("ruleWidth"),
                      spaceBefore: o("spaceBefore"),
                      placement: o("placement"))
    }
}

extension TOCStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(title: o("title"),
                      depth: o("depth"),
                      fontSize: o("fontSize"),
                      indent: o("indent"),
                      topLevelWeight: o("topLevelWeight"),
                      topLevelSpace: o("topLevelSpace"),
                      leader: o("leader"),
                      leaderColor: o("leaderColor"),
                      spaceAfter: o("spaceAfter"))
    }
}

extension BookStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(chapterBreak: o("chapterBreak"))
    }
}

extension OutlineStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(depth: o("depth"),
                      openLevels: o("openLevels"))
    }
}

extension AlertsStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(barWidth: o("barWidth"),
                      indent: o("indent"),
                      padding: o("padding"),
                      spaceAfter: o("spaceAfter"),
                      titleFontWeight: o("titleFontWeight"),
                      titleFontFamily: o("titleFontFamily"),
                      iconGap: o("iconGap"),
                      splitEdges: o("splitEdges"),
                      note: o("note"),
                      tip: o("tip"),
                      important: o("important"),
                      warning: o("warning"),
                      caution: o("caution"))
    }
}

extension AlertKindStyle {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(color: o("color"),
                      title: o("title"),
                      icon: o("icon"),
                      background: o("background"))
    }
}

extension MathTheme {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let o = try value.object()
        try self.init(dollars: o("dollars"),
                      fontFamily: o("fontFamily"),
                      fontSize: o("fontSize"),
                      color: o("color"),
                      displayAlignment: o("displayAlignment"),
                      displayIndent: o("displayIndent"),
                      displaySpaceBefore: o("displaySpaceBefore"),
                      displaySpaceAfter: o("displaySpaceAfter"),
                      errorColor: o("errorColor"))
    }
}
