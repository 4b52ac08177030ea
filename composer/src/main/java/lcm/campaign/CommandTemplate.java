package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.expr.NumberText;
import lcm.source.UserError;

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

    /** The words of {@code text} as a POSIX shell splits them (blanks; single and double quotes; backslash). */
    public static List<String> words(String text, String what) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < text.length() && "\"\\$`".indexOf(text.charAt(i + 1)) >= 0) {
                    w.append(text.charAt(++i));
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < text.length()) {
                w.append(text.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw UserError.of(what + ": unterminated " + quote + " quote in '" + text + "'");
        }
        if (inWord) {
            out.add(w.toString());
        }
        return out;
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

    /** The words as a shell would read them back: quoted where needed. */
    public static String shell(List<String> words) {
        return words.stream().map(CommandTemplate::quote).collect(Collectors.joining(" "));
    }

    static String quote(String w) {
        if (!w.isEmpty() && w.matches("[A-Za-z0-9_@%+=:,./{}^-]+")) {
            return w;
        }
        return "'" + w.replace("'", "'\\''") + "'";
    }
}
