package lcm.probe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An OpenMP program on LLVM's libomp with lcm's OMPT tool (docs/measure.md, "OpenMP"): the tool
 * compiled into the work folder, the program (or, with a build command, an instrumented copy of
 * it) run with the tool and p threads, and its parallel regions mapped to fragments through the
 * debug information, or its probe sites to the fragments they were written for.
 */
final class OpenMpProbe implements ProgramProbe {

    private final ProbeRun.Request request;
    private final Path work;
    private final Path events;
    /** The run's regions and sites, once its events are read. */
    private OpenMpSites sites;

    OpenMpProbe(ProbeRun.Request request, Path work, Path events) {
        this.request = request;
        this.work = work;
        this.events = events;
    }

    @Override
    public Launch prepare() {
        Path tool = Toolchain.omptTool(work);
        Path libomp = Toolchain.libomp().orElseThrow();
        List<String> cmd = new ArrayList<>();
        Map<String, String> env = new HashMap<>();
        List<String> warnings = new ArrayList<>();
        ProbeRun.Build build = request.build();
        if (build != null) {
            InstrumentedBuild.Built built = InstrumentedBuild.make(work, OpenMpProbePlan.of(build.program(),
                    request.sites()), build.command(), request.command(), tool);
            cmd.addAll(built.command());
            env.put("LCM_PROBE_SITES", built.sites().toString());
            warnings.addAll(built.warnings());
        } else {
            cmd.addAll(request.command());
        }
        String preload = System.getenv("LD_PRELOAD");
        env.put("LD_PRELOAD", libomp + (preload == null || preload.isBlank() ? "" : ":" + preload));
        env.put("OMP_TOOL_LIBRARIES", tool.toString());
        env.put("OMP_TOOL", "enabled");
        env.put("OMP_NUM_THREADS", Integer.toString(request.processors()));
        env.put("LCM_PROBE_OUT", events.toString());
        String method = build != null
                ? "fragment probes written into a copy of the sources, built with: " + String.join(" ", build.command())
                + "; OMPT tool (parallel regions, implicit tasks, barriers, locks per thread; CLOCK_MONOTONIC)"
                : "OMPT tool (parallel regions, implicit tasks, barriers, locks per thread; CLOCK_MONOTONIC); "
                + "regions mapped to source lines by addr2line on the return address (serial code and loops "
                + "inside regions need --build)";
        return new Launch(cmd, env, "OpenMP on LLVM libomp (" + libomp + ", preloaded)", method, warnings);
    }

    @Override
    public String nothingRecorded() {
        return " (is it an OpenMP program? the OMPT tool saw no OpenMP runtime start)";
    }

    @Override
    public Map<Integer, String> tags(ProbeEvents ev, List<String> warnings) {
        sites = OpenMpSites.of(ev, request.sites(), request.build() != null);
        if (request.build() == null) {
            warnings.addAll(sites.warnings(ev, request.sites()));
        }
        return sites.tags();
    }

    @Override
    public void replay(ProbeEvents ev, LostCycles sweep) {
        ev.replay(sweep);
    }

    @Override
    public String noneMeasured(ProbeEvents ev) {
        return sites.noneMeasured(ev, request.sites().sites().stream().map(FragmentSites.Site::file).toList());
    }
}
