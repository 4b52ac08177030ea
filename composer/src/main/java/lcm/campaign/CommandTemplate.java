package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The {@code lcm measure} command of a structure with {@code {VARIABLE}} where a run's values go
 * and {@code {out}} for the file its lines go to:
 * {@code lcm measure --vars n={n},p={p} --out {out} -- java -Dn={n} Fft2dTp.java}. A campaign
 * file keeps it as a list of words, so that no shell quoting stands between the user and lcm.
 */
public final class CommandTemplate {

    /** The placeholder of the file a run's lines go to. */
    public static final String OUT = "out";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z_0-9]*)}");

    private CommandTemplate() {
    }

    /**
     * The measure command of a program: its variables (p last) into {@code --vars}, the sources,
     * further options of lcm measure, then the program's own words.
     */
    public static List<String> measure(List<Axis> axes, List<String> sources, List<String> measureOptions,
                                       List<String> program) {
        List<String> cmd = new ArrayList<>(List.of("lcm", "measure", "--vars",
                axes.stream().map(a -> a.name() + "={" + a.name() + "}").collect(Collectors.joining(",")),
                "--out", "{" + OUT + "}"));
        if (!sources.isEmpty()) {
            cmd.add("--source");
            cmd.addAll(sources);
        }
        cmd.addAll(measureOptions);
        cmd.add("--");
        cmd.addAll(program);
        return cmd;
    }

    /** The placeholders a list of words uses, in order of first use. */
    public static Set<String> placeholders(List<String> words) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : words) {
            Matcher m = PLACEHOLDER.matcher(w);
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The program's words: what follows the template's {@code --}. */
    public static List<String> program(List<String> template) {
        int dash = template.indexOf("--");
        return dash < 0 ? List.of() : template.subList(dash + 1, template.size());
    }

    /**
     * What is wrong with a measure template, or an empty string: it must start with {@code lcm measure},
     * send its lines to {@code {out}}, give the program after {@code --}, and use only the axes' names.
     */
    public static String problem(List<String> template, List<Axis> axes) {
        if (template.size() < 2 || !template.get(0).equals("lcm") || !template.get(1).equals("measure")) {
            return "the command must start with lcm measure";
        }
        if (!template.contains("{" + OUT + "}")) {
            return "the command must write its lines to {out} (--out {out})";
        }
        if (program(template).isEmpty()) {
            return "the command must give the program after --";
        }
        Set<String> known = axes.stream().map(Axis::name).collect(Collectors.toCollection(LinkedHashSet::new));
        known.add(OUT);
        for (String p : placeholders(template)) {
            if (!known.contains(p)) {
                return "{" + p + "} is no variable of the campaign (" + String.join(", ", known) + ")";
            }
        }
        return "";
    }

    /** The words with every placeholder replaced: the point's values and the output file. */
    public static List<String> fill(List<String> template, DesignPoint point, String out) {
        Map<String, String> values = new LinkedHashMap<>();
        point.values().forEach((k, v) -> values.put(k, NumberText.plain(v)));
        values.put(OUT, out);
        List<String> filled = new ArrayList<>();
        for (String w : template) {
            Matcher m = PLACEHOLDER.matcher(w);
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(b, Matcher.quoteReplacement(values.getOrDefault(m.group(1), m.group())));
            }
            m.appendTail(b);
            filled.add(b.toString());
        }
        return filled;
    }
}
