package lcm.campaign;

import lcm.source.InputFile;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A Slurm task's exit record ({@code parts/TASK.exit}, written by the job script):
 * {@code task=7 status=0 signal=none node=vm job=14_7 start=1764216000.1 end=1764216004.3}.
 *
 * @param status lcm measure's exit status (143: ended by SIGTERM)
 * @param signal {@code TERM} when Slurm signalled the task (scancel, its time limit), else {@code none}
 */
public record ExitRecord(int task, int status, String signal, String node, String job, double start, double end) {

    /** The task's time from its start to its end; NaN when that is no finite number. */
    public double seconds() {
        double s = end - start;
        return Double.isFinite(s) ? s : Double.NaN;
    }

    public boolean ok() {
        return status == 0 && signal.equals("none");
    }

    /** How the task ended, in words. */
    public String how() {
        if (signal.equals("TERM")) {
            return "stopped by SIGTERM (scancel, or its time limit)";
        }
        if (status > 128) {
            return "killed by signal " + (status - 128);
        }
        return status == 0 ? "ended" : "exited with status " + status;
    }

    /** The largest exit record read: 4 KiB (one line the job script writes). */
    public static final long MAX_BYTES = 4096;

    private static final String FORM = "task=N status=N signal=S node=HOST job=ID start=S end=S";

    /**
     * The exit record {@code file}, if there is one; its values checked where they stand (a bad
     * one is a user error at its column, the file's text in {@code sources} to show it).
     */
    public static Optional<ExitRecord> read(Path file, int task, SourceRegistry sources) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        SourceText text = sources.register(SourceText.of(file, InputFile.text(file, MAX_BYTES, "an exit record")));
        String line = text.lines().isEmpty() ? "" : text.lines().get(0);
        FieldLine f = new FieldLine(file, 1, line, FORM);
        int id = f.whole("task", 0, Integer.MAX_VALUE);
        if (id != task) {
            throw f.bad("task", "the record of task " + task + " names another task");
        }
        return Optional.of(new ExitRecord(id, f.whole("status", 0, 255), f.optional("signal").orElse("none"),
                f.optional("node").orElse("?"), f.optional("job").orElse("?"), f.number("start"), f.number("end")));
    }
}
