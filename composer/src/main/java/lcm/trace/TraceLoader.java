package lcm.trace;

import lcm.machine.MachineKey;
import lcm.machine.MachineDescription;
import lcm.expr.NumberText;
import lcm.source.Diagnostic;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the traces named on the command line, by extension, and turns them into engine tasks:
 * <ul>
 * <li>{@code .sync}: synchronization trace; work rescaled by fragment ({@code --scale});</li>
 * <li>{@code .mpt}, {@code .prv}: message-passing traces; replayed with computation scaled,
 *     or, given two machines, transformed (Mendes 4.2);</li>
 * <li>{@code .json}: Chrome trace-event JSON: lcm's own output (the tasks as written, computation
 *     rescaled) or another tool's timeline (replayed or transformed like a message trace).</li>
 * </ul>
 * Task names must be unique across all files.
 */
public final class TraceLoader {

    /** How the traces are to be rescaled: fragment factors, and optionally two machines. */
    public record Plan(Scales scales, Optional<MachineDescription> from, Optional<MachineDescription> to) {
        public boolean transforms() {
            return from.isPresent() && to.isPresent();
        }
    }

    private static final Set<String> MESSAGE_COSTS = Set.of("send", "recv");

    private TraceLoader() {
    }

    public static LoadedTrace load(List<Path> files, SourceRegistry sources, Plan plan) {
        List<TaskStream> tasks = new ArrayList<>();
        Set<String> fragments = new LinkedHashSet<>();
        List<Diagnostic> warnings = new ArrayList<>();
        Map<String, Path> owners = new HashMap<>();
        boolean anyMessages = false;
        for (Path file : files) {
            LoadedTrace one;
            String ext = extension(file);
            switch (ext) {
                case "sync" -> one = scaled(SyncTraceReader.read(file, sources, !plan.scales().byFragment().isEmpty()), plan.scales(), Set.of());
                case "mpt", "prv" -> {
                    anyMessages = true;
                    one = messages(ext.equals("mpt")
                            ? MessageTraceReader.read(sources.read(file))
                            : ParaverReader.read(sources.read(file)), plan);
                }
                case "json" -> {
                    ChromeTraceReader.Result r = ChromeTraceReader.read(sources.read(file));
                    if (r instanceof ChromeTraceReader.Timeline t) {
                        anyMessages = true;
                        one = messages(t.trace(), plan);
                    } else {
                        one = scaled(((ChromeTraceReader.Programs) r).trace(), plan.scales(), MESSAGE_COSTS);
                    }
                }
                default -> throw UserError.of(file + ": unknown trace format '." + ext
                        + "' (expected .sync, .mpt, .prv or .json)");
            }
            for (TaskStream t : one.tasks()) {
                Path before = owners.putIfAbsent(t.name(), file);
                if (before != null) {
                    throw UserError.of("task " + t.name() + " appears in both " + before + " and " + file);
                }
            }
            tasks.addAll(one.tasks());
            fragments.addAll(one.fragments());
            warnings.addAll(one.warnings());
        }
        if (plan.transforms() && !anyMessages) {
            throw UserError.of("--from/--to transform message-passing traces (.mpt, .prv); none was given");
        }
        for (String f : plan.scales().byFragment().keySet()) {
            if (!fragments.contains(f)) {
                throw UserError.of("--scale " + f + "=" + NumberText.text(plan.scales().byFragment().get(f)) + ": no fragment '" + f + "' in the traces (fragments: "
                        + String.join(", ", fragments) + ")");
            }
        }
        return new LoadedTrace(tasks, fragments, warnings);
    }

    private static LoadedTrace messages(MessageTrace trace, Plan plan) {
        if (!plan.transforms()) {
            return MessagePrograms.replay(trace, plan.scales());
        }
        MachineDescription from = plan.from().get();
        MachineDescription to = plan.to().get();
        Scales k = plan.scales();
        if (from.computeTime().isPresent() && to.computeTime().isPresent()) {
            double c1 = from.computeTime().get();
            if (c1 == 0) {
                throw UserError.at(from.get(MachineKey.COMPUTE).get().at(), "compute is 0: the compute ratio compute(to) / compute(from)"
                        + " needs a time above 0");
            }
            k = k.times(to.computeTime().get() / c1); // the machines' compute ratio, on top of --scale
        }
        return MessagePrograms.transform(trace, from, to, k);
    }

    private static LoadedTrace scaled(LoadedTrace t, Scales scales, Set<String> keep) {
        if (scales.isIdentity()) {
            return t;
        }
        List<TaskStream> out = new ArrayList<>();
        for (TaskStream s : t.tasks()) {
            out.add(new ScaledStream(s, scales, keep));
        }
        return new LoadedTrace(out, t.fragments(), t.warnings());
    }

    static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
