import CHarfBuzz
import MDCore

/// The global constants of a MATH table (OpenType spec, `MathConstants`), in em of the
/// font size, except the three percentages. Names follow the spec; what each means is
/// written there (and in The TeXbook, Appendix G, whose parameters they generalize).
public struct MathConstants: Hashable, Sendable {
    /// Script size as a percentage of the text size (e.g. 70), and scriptscript size.
    public var scriptPercentScaleDown: Double
    public var scriptScriptPercentScaleDown: Double
    public var delimitedSubFormulaMinHeight: Em
    public var displayOperatorMinHeight: Em
    public var mathLeading: Em
    public var axisHeight: Em
    public var accentBaseHeight: Em
    public var flattenedAccentBaseHeight: Em
    public var subscriptShiftDown: Em
    public var subscriptTopMax: Em
    public var subscriptBaselineDropMin: Em
    public var superscriptShiftUp: Em
    public var superscriptShiftUpCramped: Em
    public var superscriptBottomMin: Em
    public var superscriptBaselineDropMax: Em
    public var subSuperscriptGapMin: Em
    public var superscriptBottomMaxWithSubscript: Em
    public var spaceAfterScript: Em
    public var upperLimitGapMin: Em
    public var upperLimitBaselineRiseMin: Em
    public var lowerLimitGapMin: Em
    public var lowerLimitBaselineDropMin: Em
    public var stackTopShiftUp: Em
    public var stackTopDisplayStyleShiftUp: Em
    public var stackBottomShiftDown: Em
    public var stackBottomDisplayStyleShiftDown: Em
    public var stackGapMin: Em
    public var stackDisplayStyleGapMin: Em
    public var stretchStackTopShiftUp: Em
    public var stretchStackBottomShiftDown: Em
    public var stretchStackGapAboveMin: Em
    public var stretchStackGapBelowMin: Em
    public var fractionNumeratorShiftUp: Em
    public var fractionNumeratorDisplayStyleShiftUp: Em
    public var fractionDenominatorShiftDown: Em
    public var fractionDenominatorDisplayStyleShiftDown: Em
    public var fractionNumeratorGapMin: Em
    public var fractionNumDisplayStyleGapMin: Em
    public var fractionRuleThickness: Em
    public var fractionDenominatorGapMin: Em
    public var fractionDenomDisplayStyleGapMin: Em
    public var overbarVerticalGap: Em
    public var overbarRuleThickness: Em
    public var overbarExtraAscender: Em
    public var underbarVerticalGap: Em
    public var underbarRuleThickness: Em
    public var underbarExtraDescender: Em
    public var radicalVerticalGap: Em
    public var radicalDisplayStyleVerticalGap: Em
    public var radicalRuleThickness: Em
    public var radicalExtraAscender: Em
    public var radicalKernBeforeDegree: Em
    public var radicalKernAfterDegree: Em
    public var radicalDegreeBottomRaisePercent: Double

    init(face: Face) {
        func v(_ c: hb_ot_math_constant_t) -> Double { Double(hb_ot_math_get_constant(face.font, c)) }
        func e(_ c: hb_ot_math_constant_t) -> Em { Em(v(c) / face.upem) }
        scriptPercentScaleDown = v(HB_OT_MATH_CONSTANT_SCRIPT_PERCENT_SCALE_DOWN)
        scriptScriptPercentScaleDown = v(HB_OT_MATH_CONSTANT_SCRIPT_SCRIPT_PERCENT_SCALE_DOWN)
        delimitedSubFormulaMinHeight = e(HB_OT_MATH_CONSTANT_DELIMITED_SUB_FORMULA_MIN_HEIGHT)
        displayOperatorMinHeight = e(HB_OT_MATH_CONSTANT_DISPLAY_OPERATOR_MIN_HEIGHT)
        mathLeading = e(HB_OT_MATH_CONSTANT_MATH_LEADING)
        axisHeight = e(HB_OT_MATH_CONSTANT_AXIS_HEIGHT)
        accentBaseHeight = e(HB_OT_MATH_CONSTANT_ACCENT_BASE_HEIGHT)
        flattenedAccentBaseHeight = e(HB_OT_MATH_CONSTANT_FLATTENED_ACCENT_BASE_HEIGHT)
        subscriptShiftDown = e(HB_OT_MATH_CONSTANT_SUBSCRIPT_SHIFT_DOWN)
        subscriptTopMax = e(HB_OT_MATH_CONSTANT_SUBSCRIPT_TOP_MAX)
        subscriptBaselineDropMin = e(HB_OT_MATH_CONSTANT_SUBSCRIPT_BASELINE_DROP_MIN)
        superscriptShiftUp = e(HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP)
        superscriptShiftUpCramped = e(HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP_CRAMPED)
        superscriptBottomMin = e(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MIN)
        superscriptBaselineDropMax = e(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BASELINE_DROP_MAX)
        subSuperscriptGapMin = e(HB_OT_MATH_CONSTANT_SUB_SUPERSCRIPT_GAP_MIN)
        superscriptBottomMaxWithSubscript = e(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MAX_WITH_SUBSCRIPT)
        spaceAfterScript = e(HB_OT_MATH_CONSTANT_SPACE_AFTER_SCRIPT)
        upperLimitGapMin = e(HB_OT_MATH_CONSTANT_UPPER_LIMIT_GAP_MIN)
        upperLimitBaselineRiseMin = e(HB_OT_MATH_CONSTANT_UPPER_LIMIT_BASELINE_RISE_MIN)
        lowerLimitGapMin = e(HB_OT_MATH_CONSTANT_LOWER_LIMIT_GAP_MIN)
        lowerLimitBaselineDropMin = e(HB_OT_MATH_CONSTANT_LOWER_LIMIT_BASELINE_DROP_MIN)
        stackTopShiftUp = e(HB_OT_MATH_CONSTANT_STACK_TOP_SHIFT_UP)
        stackTopDisplayStyleShiftUp = e(HB_OT_MATH_CONSTANT_STACK_TOP_DISPLAY_STYLE_SHIFT_UP)
        stackBottomShiftDown = e(HB_OT_MATH_CONSTANT_STACK_BOTTOM_SHIFT_DOWN)
        stackBottomDisplayStyleShiftDown = e(HB_OT_MATH_CONSTANT_STACK_BOTTOM_DISPLAY_STYLE_SHIFT_DOWN)
        stackGapMin = e(HB_OT_MATH_CONSTANT_STACK_GAP_MIN)
        stackDisplayStyleGapMin = e(HB_OT_MATH_CONSTANT_STACK_DISPLAY_STYLE_GAP_MIN)
        stretchStackTopShiftUp = e(HB_OT_MATH_CONSTANT_STRETCH_STACK_TOP_SHIFT_UP)
        stretchStackBottomShiftDown = e(HB_OT_MATH_CONSTANT_STRETCH_STACK_BOTTOM_SHIFT_DOWN)
        stretchStackGapAboveMin = e(HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_ABOVE_MIN)
        stretchStackGapBelowMin = e(HB_OT_MATH_CONSTANT_STRETCH_STACK_GAP_BELOW_MIN)
        fractionNumeratorShiftUp = e(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_SHIFT_UP)
        fractionNumeratorDisplayStyleShiftUp = e(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_DISPLAY_STYLE_SHIFT_UP)
        fractionDenominatorShiftDown = e(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_SHIFT_DOWN)
        fractionDenominatorDisplayStyleShiftDown = e(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_DISPLAY_STYLE_SHIFT_DOWN)
        fractionNumeratorGapMin = e(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_GAP_MIN)
        fractionNumDisplayStyleGapMin = e(HB_OT_MATH_CONSTANT_FRACTION_NUM_DISPLAY_STYLE_GAP_MIN)
        fractionRuleThickness = e(HB_OT_MATH_CONSTANT_FRACTION_RULE_THICKNESS)
        fractionDenominatorGapMin = e(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_GAP_MIN)
        fractionDenomDisplayStyleGapMin = e(HB_OT_MATH_CONSTANT_FRACTION_DENOM_DISPLAY_STYLE_GAP_MIN)
        overbarVerticalGap = e(HB_OT_MATH_CONSTANT_OVERBAR_VERTICAL_GAP)
        overbarRuleThickness = e(HB_OT_MATH_CONSTANT_OVERBAR_RULE_THICKNESS)
        overbarExtraAscender = e(HB_OT_MATH_CONSTANT_OVERBAR_EXTRA_ASCENDER)
        underbarVerticalGap = e(HB_OT_MATH_CONSTANT_UNDERBAR_VERTICAL_GAP)
        underbarRuleThickness = e(HB_OT_MATH_CONSTANT_UNDERBAR_RULE_THICKNESS)
        underbarExtraDescender = e(HB_OT_MATH_CONSTANT_UNDERBAR_EXTRA_DESCENDER)
        radicalVerticalGap = e(HB_OT_MATH_CONSTANT_RADICAL_VERTICAL_GAP)
        radicalDisplayStyleVerticalGap = e(HB_OT_MATH_CONSTANT_RADICAL_DISPLAY_STYLE_VERTICAL_GAP)
        radicalRuleThickness = e(HB_OT_MATH_CONSTANT_RADICAL_RULE_THICKNESS)
        radicalExtraAscender = e(HB_OT_MATH_CONSTANT_RADICAL_EXTRA_ASCENDER)
        radicalKernBeforeDegree = e(HB_OT_MATH_CONSTANT_RADICAL_KERN_BEFORE_DEGREE)
        radicalKernAfterDegree = e(HB_OT_MATH_CONSTANT_RADICAL_KERN_AFTER_DEGREE)
        radicalDegreeBottomRaisePercent = v(HB_OT_MATH_CONSTANT_RADICAL_DEGREE_BOTTOM_RAISE_PERCENT)
    }
}
