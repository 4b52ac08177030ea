package lcm.bench.fuzz;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fuzz inputs (seed 1994, indices as {@code lcm bench fuzz 1 --formats F --from I} replays
 * them) that fail today because of a defect of another area, each with the defect and the text
 * its failure must contain. Generated from a run of FuzzTest on the bench branch; after merging
 * a fix, remove the inputs FuzzTest reports as passing. Never add an input without its defect.
 */
final class KnownFuzzFailures {

    /** A defect: what is wrong, and the text a failure it causes contains. */
    record Defect(String name, String failure) {
    }

    static final Defect ZERO_DENOMINATOR = new Defect(
            "compose: a zero denominator the algebra finds in a model (e.g. n/(1-1)) is an error without the model's line (issue 16 item 2; a literal /0 is located)",
            "ArithmeticException: zero denominator|lcm: division by zero");
    static final Defect HUGE_NUMBER = new Defect(
            "compose: a number such as 1e999999999 overflows BigInteger in the exact algebra (issue 16 item 2)",
            "BigInteger would overflow");
    static final Defect NUL_IN_INCLUDE = new Defect(
            "frontend: a NUL byte in an include name is an internal error (issue 16 item 2)",
            "Nul character not allowed");
    static final Defect STACK_OVERFLOW = new Defect(
            "frontend/core: deep nesting overflows the stack (issue 16 item 1)",
            "StackOverflowError");
    static final Defect OVER_BUDGET = new Defect(
            "slow input: over the 5 s budget (issue 16 items 1 and 3)",
            "over the 5 s budget");
    static final Defect NUMBER_FORMAT = new Defect(
            "a number out of the reader's range is an internal error (issue 16 item 2)",
            "NumberFormatException");
    static final Defect LONG_OVERFLOW = new Defect(
            "a long overflow is an internal error (issue 16 item 2)",
            "long overflow");
    static final Defect UNLOCATED_VARIABLE = new Defect(
            "compose: an unknown variable of a model is reported without its line (issue 16 item 5)",
            "no value for");
    static final Defect LINE_BEYOND_FILE = new Defect(
            "a diagnostic names a line the file does not have (issue 16 item 6)",
            "exit 2 at line");
    static final Defect UNLOCATED = new Defect(
            "an exit-2 error without a location (issue 16 item 7)",
            "without a located diagnostic");
    static final Defect OUT_OF_MEMORY = new Defect(
            "memory on hostile input (issue 16 item 3)",
            "OutOfMemoryError");
    static final Defect LCM_MODELS = new Defect(
            "compose/frontend: a .lcm model's unknown name is reported without its line, huge numbers and zero denominators are internal errors, deep nesting overflows the stack, Symja can overrun (issue 16 items 1, 2, 5)",
            "no value for|BigInteger would overflow|zero denominator|division by zero|StackOverflowError|over the 5 s budget");

    private static final Map<String, Map<Integer, Defect>> KNOWN = new HashMap<>();

    static {
        list("fixed", ZERO_DENOMINATOR,
                3, 67, 149, 239, 340, 390, 482, 935, 957, 1136, 1170, 1347, 1390, 1400,
                1470, 1603, 1881, 1927, 1988);
        list("fixed", HUGE_NUMBER,
                20, 219, 498, 644, 1094, 1333, 1475, 1624, 1714, 1766, 1862);
        list("fixed", NUL_IN_INCLUDE,
                261, 331, 405, 821, 1112, 1256, 1934, 1959);
        list("free", HUGE_NUMBER,
                20, 119, 219, 447, 1094, 1333, 1437, 1565);
        list("free", ZERO_DENOMINATOR,
                128, 390, 440, 470, 544, 1400, 1470, 1581, 1654, 1881, 1956);
        list("free", STACK_OVERFLOW,
                180, 267, 367, 393, 792);
        list("java", STACK_OVERFLOW,
                23, 56, 112, 147, 226, 267, 304, 321, 356, 368, 393, 456, 471, 532,
                584, 623, 625, 656, 662, 672, 736, 743, 747, 806, 823, 836, 868, 870,
                891, 953, 973, 1016, 1020, 1101, 1119, 1210, 1240, 1315, 1362, 1475, 1516, 1529,
                1549, 1553, 1584, 1606, 1610, 1657, 1736, 1753, 1775, 1820, 1832, 1836, 1839, 1886,
                1895, 1929, 1942, 1948);
        list("java", HUGE_NUMBER,
                119, 219, 644, 714, 1006, 1368, 1624, 1950);
        list("java", ZERO_DENOMINATOR,
                440, 957, 979, 1136, 1270, 1347, 1390, 1846, 1988);
        list("annotations", HUGE_NUMBER,
                20, 119, 232, 447, 644, 714, 1333, 1368, 1437, 1475, 1565, 1624, 1862, 1950);
        list("annotations", ZERO_DENOMINATOR,
                67, 389, 935, 1004, 1136, 1390, 1425, 1470);
        list("pp", OVER_BUDGET,
                394);
        list("extrap", OVER_BUDGET,
                698, 736, 1832);
        list("machine", OVER_BUDGET,
                1196);
        list("sync", NUMBER_FORMAT,
                312, 317, 572, 614, 619, 724, 1170, 1396, 1407, 1486);
        list("mpt", NUMBER_FORMAT,
                234, 356, 510, 619, 866, 894, 1050, 1170, 1227, 1396, 1453, 1992);
        list("chrome", UNLOCATED,
                1452);
        list("lcm", LCM_MODELS,
                4, 9, 10, 13, 20, 37, 67, 81, 106, 114, 133, 151, 162, 175,
                176, 180, 182, 197, 198, 203, 215, 219, 232, 234, 242, 245, 266, 309,
                314, 316, 338, 369, 376, 396, 397, 407, 408, 414, 419, 447, 459, 460,
                465, 486, 506, 524, 526, 536, 544, 577, 580, 582, 584, 592, 644, 655,
                657, 708, 709, 731, 746, 756, 766, 767, 808, 820, 883, 909, 916, 924,
                952, 959, 961, 962, 998, 1006, 1080, 1094, 1107, 1136, 1148, 1155, 1156, 1159,
                1174, 1177, 1178, 1186, 1187, 1198, 1206, 1213, 1216, 1221, 1248, 1264, 1331, 1333,
                1339, 1368, 1425, 1437, 1440, 1441, 1470, 1485, 1498, 1500, 1502, 1520, 1543, 1553,
                1572, 1583, 1587, 1606, 1616, 1624, 1635, 1692, 1693, 1699, 1769, 1772, 1778, 1788,
                1811, 1818, 1827, 1832, 1840, 1862, 1878, 1941, 1943, 1950, 1955, 1961, 1979, 1988);
    }

    private KnownFuzzFailures() {
    }

    private static void list(String format, Defect defect, int... inputs) {
        Map<Integer, Defect> m = KNOWN.computeIfAbsent(format, f -> new HashMap<>());
        for (int i : inputs) {
            m.put(i, defect);
        }
    }

    /** The known failing inputs of a format, by index. */
    static Map<Integer, Defect> of(String format) {
        return KNOWN.getOrDefault(format, Map.of());
    }

    /** The formats with known failures. */
    static List<String> formats() {
        return List.copyOf(KNOWN.keySet());
    }
}
