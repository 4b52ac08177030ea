package lcm.trace;

import lcm.expr.NumberText;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the event lines of one task of a synchronization trace into steps, checking them:
 * fragments begin and end, do not nest, their times are >= 0 and do not go backwards. One
 * parser per task, fed that task's lines in order; used both to check a whole file and to
 * stream a task's steps from it.
 */
final class SyncLineParser {

    static final String EVENTS = "begin, end, post, wait or barrier";

    /** A fragment execution that has begun and not ended. */
    private record Open(String tag, double last, SourceLocation begun) {
    }

    private final Path file;
    private final String task;
    private Open open;
    private boolean damaged;

    SyncLineParser(Path file, String task) {
        this.file = file;
        this.task = task;
    }

    /** The name after {@code task} if {@code text} is a task line ("" if it has none), else null. */
    static String taskName(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i == text.length() || (text.charAt(i) != 't' && text.charAt(i) != 'T')) {
            return null;
        }
        String body = LineFields.uncommented(text).trim();
        if (body.regionMatches(true, 0, "task", 0, 4) && (body.length() == 4 || Character.isWhitespace(body.charAt(4)))) {
            return body.substring(4).trim();
        }
        return null;
    }

    static boolean isBlank(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '#') {
                return true;
            }
            if (!Character.isWhitespace(c)) {
                return false;
            }
        }
        return true;
    }

    /** The step of one event line (not blank, not a task line); a UserError if it is wrong. */
    Step step(int number, String text) {
        try {
            return parse(LineFields.commaSeparated(file, number, text, 4));
        } catch (lcm.source.UserError e) {
            damaged = open != null; // its end may be the line that failed: do not also say it never ends
            throw e;
        }
    }

    private Step parse(LineFields f) {
        String tag = f.text(0);
        String event = f.text(1).toLowerCase(Locale.ROOT);
        String name = f.text(2);
        if (tag.isEmpty()) {
            throw f.error(0, "missing fragment tag");
        }
        double time = f.number(3, "time");
        if (time < 0) {
            throw f.error(3, "negative time " + f.text(3) + ": times are relative to the fragment's start");
        }
        switch (event) {
            case "begin" -> {
                if (open != null) {
                    throw f.error(1, "'begin' of fragment " + tag + " inside fragment " + open.tag()
                            + ", which began at line " + open.begun().line() + " (fragments do not nest)");
                }
                open = new Open(tag, time, f.at(1));
                damaged = false;
                return Step.mark("begin " + tag).withWork(0, tag).at(f.at(1));
            }
            case "end", "post", "wait", "barrier" -> {
                if (open == null) {
                    throw f.error(1, "'" + event + "' outside a fragment: no 'begin' of " + tag + " before it in task " + task);
                }
                if (!open.tag().equals(tag)) {
                    throw f.error(0, "'" + event + "' of fragment " + tag + " inside fragment " + open.tag()
                            + ", which began at line " + open.begun().line());
                }
                if (time < open.last()) {
                    throw f.error(3, "event out of order: time " + f.text(3) + " is before the previous event of fragment "
                            + tag + " (time " + NumberText.text(open.last()) + ")");
                }
                double work = time - open.last();
                open = new Open(tag, time, open.begun());
                Step step = switch (event) {
                    case "end" -> {
                        open = null;
                        yield Step.mark("end " + tag);
                    }
                    case "post" -> Step.post(named(f, event, name));
                    case "wait" -> Step.waitFor(named(f, event, name));
                    default -> Step.barrier(named(f, event, name), 0);
                };
                return step.withWork(work, tag).at(f.at(1));
            }
            default -> throw f.error(1, "unknown event '" + f.text(1) + "' (expected " + EVENTS + ")");
        }
    }

    private static String named(LineFields f, String event, String name) {
        if (name.isEmpty()) {
            throw f.error(2, "'" + event + "' needs a name (for example ready(1))");
        }
        return name;
    }

    /** After the task's last line: an error if a fragment is still open. */
    Optional<Diagnostic> unfinished() {
        if (open == null || damaged) {
            return Optional.empty();
        }
        return Optional.of(Diagnostic.error(open.begun(), "fragment " + open.tag() + " begins here and never ends (task "
                + task + ")"));
    }
}
