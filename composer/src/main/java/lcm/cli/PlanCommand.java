package lcm.cli;

import lcm.campaign.Budget;
import lcm.campaign.CampaignFile;
import lcm.campaign.CommandTemplate;
import lcm.campaign.DesignSpace;
import lcm.campaign.LcmLauncher;
import lcm.campaign.PlanReport;
import lcm.campaign.PlanRequest;
import lcm.campaign.Planner;
import lcm.source.UserError;
import lcm.values.ShellWords;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

/** {@code lcm plan}: the design of a measurement campaign, written to a campaign file (docs/campaigns.md). */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Design a measurement campaign: the points (every combination of the values given, or the "
                + "edges of the space when a budget asks), the runs of each, their order (rounds, each shuffled), "
                + "an estimate of the cost, and which model forms the design can tell apart. Writes a campaign file "
                + "for lcm campaign run. See docs/campaigns.md.",
                "Example: lcm plan --vars n=256:4096:*2 --procs 1,2,4,8,16 --budget 2h --pilot "
                        + "--structure 'tp=java -Dn={n} Fft2dTp.java' --out fft2d.json"})
public final class PlanCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand root;

    @Option(names = "--vars", paramLabel = "k=VALUES,...",
            description = "The variables and their values: a list (n=64,128,256), a geometric range (n=256:4096:*2), "
                    + "powers of two (n=2^6:2^12), whole numbers (m=1:4) or one value (itors=16).")
    private String vars;

    @Option(names = "--procs", paramLabel = "VALUES",
            description = "The processors p of the runs: a list (1,2,4,8,16) or range as in --vars; max is this node's "
                    + "processors, and max alone means 1, 2, 4, ... up to them (the default).")
    private String procs;

    @Option(names = "--structure", paramLabel = "NAME=COMMAND",
            description = "A program to measure and its command, with {VARIABLE} where a value goes, e.g. "
                    + "'tp=java -Dn={n} Fft2dTp.java' (repeatable; its runs go to NAME.pp).")
    private List<String> structures = new ArrayList<>();

    @Option(names = "--source", paramLabel = "[NAME=]PATH",
            description = "The sources of structure NAME (of every structure without NAME=), as lcm measure --source "
                    + "takes them (repeatable). Default: the .java files of the command.")
    private List<String> sources = new ArrayList<>();

    @Option(names = "--measure-option", paramLabel = "OPTION",
            description = "An option for every lcm measure run, e.g. --measure-option='--from initialize_program' (repeatable).")
    private List<String> measureOptions = new ArrayList<>();

    @Mixin
    private SourceReadingOptions reading;

    @Option(names = "--runs", paramLabel = "R", description = "Runs of each point (default 3; a budget may lower the default, never a number given).")
    private int runs;

    @Option(names = "--budget", paramLabel = "TIME",
            description = "The most machine time the runs may take together: 600 (seconds), 20m, 2h, 1h30m. Needs --pilot or --estimate-from.")
    private String budget;

    @Option(names = "--pilot", description = "Estimate the cost from a few cheap runs on this machine, made now.")
    private boolean pilot;

    @Option(names = "--estimate-from", paramLabel = "NAME=PP",
            description = "Estimate the cost of structure NAME from earlier runs of it in this pp file (repeatable).")
    private List<String> data = new ArrayList<>();

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "The seed of the run order (default 1).")
    private long seed;

    @Option(names = "--workdir", paramLabel = "DIR",
            description = "The folder the commands run in and their relative paths start from (default: the current one).")
    private Path workdir;

    @Option(names = "--out", defaultValue = "campaign.json", paramLabel = "FILE",
            description = "The campaign file to write (default campaign.json); its name names the campaign.")
    private Path out;

    @Parameters(arity = "0..*", paramLabel = "COMMAND",
            description = "One program to measure (after --), as with --structure; it is named after its .java file or its executable.")
    private List<String> command = new ArrayList<>();

    @Override
    public Integer call() {
        int processors = Runtime.getRuntime().availableProcessors();
        String file = out.getFileName().toString();
        String name = file.endsWith(".json") ? file.substring(0, file.length() - 5) : file;
        if (!name.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
            throw UserError.of("--out " + out + ": the campaign's name '" + name + "' may have letters, digits, _ . - only");
        }
        List<PlanRequest.Program> programs = programs();
        Map<String, Path> dataFiles = new LinkedHashMap<>();
        for (String d : data) {
            String[] kv = split(d, "--estimate-from");
            dataFiles.put(kv[0], Path.of(kv[1]));
        }
        if (pilot && !dataFiles.isEmpty()) {
            throw UserError.of("--pilot and --estimate-from both estimate the cost: give one");
        }
        if (runs < 0) {
            throw UserError.of("--runs " + runs + ": give 1 or more");
        }
        Path dir = (workdir == null ? Path.of("") : workdir).toAbsolutePath().normalize();
        if (!java.nio.file.Files.isDirectory(dir)) {
            throw UserError.of("--workdir " + workdir + ": no such folder");
        }
        PlanRequest request = new PlanRequest(name, dir, out,
                DesignSpace.axes(vars, procs, processors), programs, runs,
                budget == null ? OptionalDouble.empty() : OptionalDouble.of(Budget.seconds(budget)), seed, pilot,
                dataFiles, processors, reading.fortran());
        Planner.Plan plan = Planner.plan(request, root.sources(), LcmLauncher.current(), root.err());
        plan.sources().values().forEach(v -> root.warn(v.warnings()));
        CampaignFile.write(out, plan.campaign(), CampaignFile.planned(processors));
        root.out().print(PlanReport.text(plan, out.toString(), request.budget().orElse(Double.NaN)));
        for (String w : plan.warnings()) {
            root.err().println("lcm plan: warning: " + w);
        }
        return ExitCode.OK;
    }

    private List<PlanRequest.Program> programs() {
        Map<String, List<String>> commands = new LinkedHashMap<>();
        for (String s : structures) {
            String[] kv = split(s, "--structure");
            if (commands.put(kv[0], ShellWords.split(kv[1], "--structure " + kv[0])) != null) {
                throw UserError.of("--structure " + kv[0] + " is given twice");
            }
        }
        if (!command.isEmpty()) {
            String stem = command.stream().filter(w -> w.endsWith(".java")).findFirst().orElse(command.get(0));
            String n = Path.of(stem).getFileName().toString().replaceFirst("\\.java$", "").replaceAll("[^A-Za-z0-9_.-]", "_");
            if (commands.put(n, command) != null) {
                throw UserError.of("structure " + n + " is given twice (--structure and after --)");
            }
        }
        if (commands.isEmpty()) {
            throw UserError.of("no program to measure: give --structure NAME=COMMAND (or the command after --)");
        }
        Map<String, List<String>> sourcesOf = new LinkedHashMap<>();
        for (String s : sources) {
            int eq = s.indexOf('=');
            String target = eq > 0 ? s.substring(0, eq) : "";
            if (eq > 0 && commands.containsKey(target)) {
                sourcesOf.computeIfAbsent(target, k -> new ArrayList<>()).add(s.substring(eq + 1));
            } else {
                commands.keySet().forEach(k -> sourcesOf.computeIfAbsent(k, x -> new ArrayList<>()).add(s));
            }
        }
        List<String> options = new ArrayList<>(reading.args());
        for (String o : measureOptions) {
            options.addAll(ShellWords.split(o, "--measure-option"));
        }
        List<PlanRequest.Program> out = new ArrayList<>();
        commands.forEach((n, words) -> {
            if (!n.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
                throw UserError.of("structure name '" + n + "': letters, digits, _ . - only (it names a pp file)");
            }
            out.add(new PlanRequest.Program(n, words, sourcesOf.getOrDefault(n, List.of()), options));
        });
        return out;
    }

    private static String[] split(String kv, String option) {
        int eq = kv.indexOf('=');
        if (eq <= 0 || eq == kv.length() - 1) {
            throw UserError.of(option + " " + kv + ": expected NAME=VALUE");
        }
        return new String[] {kv.substring(0, eq).strip(), kv.substring(eq + 1).strip()};
    }
}
