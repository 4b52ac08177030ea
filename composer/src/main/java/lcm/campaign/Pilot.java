package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.campaign.Campaign.Structure;
import lcm.campaign.Campaign.Task;
import lcm.probe.MeasuredRuns;
import lcm.source.InputFile;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A pilot: a few cheap runs of every structure on this machine, made the way the campaign will
 * make them (lcm measure in a process of its own), to fit each structure's run time. The points:
 * every variable at its smallest value, and then each variable in turn at its middle value (for
 * p: the largest value this machine has processors for), so that each exponent of the run-time
 * model is measured once. The runs are made in a temporary folder and not kept.
 */
public final class Pilot {

    private Pilot() {
    }

    /** The pilot's points: the corner of smallest values, then one step along each variable. */
    public static List<DesignPoint> points(List<Axis> axes, int processors) {
        Map<String, Double> base = new LinkedHashMap<>();
        for (Axis a : axes) {
            base.put(a.name(), a.values().get(0));
        }
        List<DesignPoint> out = new ArrayList<>();
        out.add(new DesignPoint(1, base));
        for (Axis a : axes) {
            Optional<Double> step;
            if (a.isProcessors()) {
                step = a.values().stream().filter(v -> v <= processors && v > a.values().get(0)).max(Comparator.naturalOrder());
            } else {
                step = a.values().size() > 1 ? Optional.of(a.values().get(a.values().size() / 2)) : Optional.empty();
            }
            if (step.isPresent()) {
                Map<String, Double> v = new LinkedHashMap<>(base);
                v.put(a.name(), step.get());
                out.add(new DesignPoint(out.size() + 1, v));
            }
        }
        return out;
    }

    /** The samples of each structure: one run at each pilot point. */
    public static Map<String, List<RunTimeModel.Sample>> run(Path workdir, List<Axis> axes, List<Structure> structures,
                                                            LcmLauncher lcm, int processors, PrintStream err,
                                                            SourceRegistry sources) {
        List<DesignPoint> points = points(axes, processors);
        if (points.get(0).processors() > processors) {
            throw UserError.of("--pilot: the smallest p, " + points.get(0).processors() + ", is more processors than this "
                    + "machine has (" + processors + "): estimate from pp data of a machine that has them (--estimate-from)");
        }
        List<Task> tasks = new ArrayList<>();
        for (DesignPoint p : points) {
            for (Structure s : structures) {
                tasks.add(new Task(tasks.size(), s.name(), p.id(), 1));
            }
        }
        Path tmp;
        try {
            tmp = Files.createTempDirectory("lcm-pilot");
        } catch (IOException e) {
            throw UserError.of("cannot create a temporary folder: " + e.getMessage());
        }
        try {
            Campaign pilot = new Campaign("pilot", workdir.toAbsolutePath().toString(), "data", axes, structures, points, 1,
                    1, "pilot", tasks, Optional.empty());
            CampaignLayout layout = new CampaignLayout(tmp.resolve("pilot.json"), pilot);
            Map<String, List<RunTimeModel.Sample>> samples = new LinkedHashMap<>();
            int n = 0;
            for (Task t : tasks) {
                err.println("lcm plan: pilot run " + (++n) + " of " + tasks.size() + ": " + pilot.describe(t).replace(", run 1", ""));
                TaskProcess.Outcome o = TaskProcess.run(layout, t, lcm);
                if (!o.complete()) {
                    throw UserError.of("--pilot: the run of " + pilot.describe(t) + " failed (lcm measure exited with "
                            + o.status() + "):\n  " + String.join("\n  ", InputFile.tail(layout.log(t.id()), 8)));
                }
                MeasuredRuns.Run r = MeasuredRuns.read(o.part(), sources).get(0);
                samples.computeIfAbsent(t.structure(), k -> new ArrayList<>())
                        .add(new RunTimeModel.Sample(pilot.point(t.point()).values(), o.seconds(), r.time()));
            }
            return samples;
        } finally {
            try (Stream<Path> walk = Files.walk(tmp)) {
                walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (IOException ignored) {
                // a temporary folder left behind
            }
        }
    }
}
