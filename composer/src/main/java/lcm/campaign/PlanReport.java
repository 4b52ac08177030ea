package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.Structure;
import lcm.expr.NumberText;
import lcm.values.ShellWords;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** What {@code lcm plan} prints: the design, its order, its cost, and what it can separate. */
public final class PlanReport {

    private PlanReport() {
    }

    public static String text(Planner.Plan plan, String file, double budget) {
        Campaign c = plan.campaign();
        StringBuilder b = new StringBuilder();
        List<Axis> designed = Planner.axesOf(c.axes(), c.points());
        String shape = designed.stream().map(a -> a.name() + ": " + a.values().size()).collect(Collectors.joining(" x "));
        b.append("campaign ").append(c.name()).append(": ").append(c.structures().size())
                .append(c.structures().size() == 1 ? " structure, " : " structures, ").append(c.points().size())
                .append(" points (").append(shape).append(", ").append(c.design()).append("), ").append(NumberText.counted(c.runs(), "run"))
                .append(" each: ").append(NumberText.counted(c.tasks().size(), "run")).append("\n");
        for (Structure s : c.structures()) {
            b.append("  ").append(s.name()).append(": ").append(ShellWords.join(s.command())).append('\n');
            ProgramVariables v = plan.sources().get(s.name());
            if (v != null) {
                b.append("    its sources' variables: ").append(v.used().isEmpty() ? "none" : String.join(", ", v.used()));
                if (!v.defined().isEmpty()) {
                    b.append(" (").append(v.defined().entrySet().stream().map(e -> e.getKey() + " = "
                            + NumberText.plain(e.getValue())).collect(Collectors.joining(", ")))
                            .append(" as the sources define ").append(v.defined().size() == 1 ? "it" : "them").append(')');
                }
                b.append('\n');
            }
        }
        b.append("  values: ").append(designed.stream().map(a -> a.name() + " = " + a.values().stream()
                .map(NumberText::plain).collect(Collectors.joining(", "))).collect(Collectors.joining("; "))).append('\n');
        b.append("order: ").append(c.runs()).append(c.runs() == 1 ? " round" : " rounds").append(" of the ")
                .append(c.points().size()).append(" points, each round shuffled (seed ").append(c.seed()).append(")");
        if (c.structures().size() > 1) {
            b.append(", the structures one after the other at each point");
        }
        List<String> corr = new ArrayList<>();
        List<Campaign.DesignPoint> order = c.tasks().stream().map(t -> c.point(t.point())).toList();
        for (Axis a : designed) {
            double r = RunOrder.correlation(a.name(), order);
            if (!Double.isNaN(r)) {
                corr.add(a.name() + " " + NumberText.signedFixed(r, 2));
            }
        }
        if (!corr.isEmpty()) {
            b.append("; rank correlation of run order with ").append(String.join(", ", corr));
        }
        b.append('\n');
        if (c.estimate().isPresent()) {
            Campaign.Estimate e = c.estimate().get();
            b.append("estimate: ").append(CampaignProgress.duration(e.seconds())).append(" for the ")
                    .append(c.tasks().size()).append(" runs (the longest ").append(CampaignProgress.duration(e.longestRunSeconds()))
                    .append("), from ").append(e.basis()).append('\n');
            for (Structure s : c.structures()) {
                b.append("  ").append(s.name()).append(": a run takes ").append(e.models().get(s.name()).text()).append('\n');
            }
            if (!Double.isNaN(budget)) {
                b.append("budget: ").append(CampaignProgress.duration(budget)).append(": ");
                if (c.tasks().size() == plan.fullPoints() * c.runs() * c.structures().size() && c.runs() == plan.runsAsked()) {
                    b.append("the full design fits\n");
                } else {
                    b.append("the full design with ").append(plan.runsAsked()).append(" runs a point needs ")
                            .append(CampaignProgress.duration(plan.fullCost())).append("; this one is ").append(c.design())
                            .append(" with ").append(NumberText.counted(c.runs(), "run")).append(" a point\n");
                }
            }
        } else {
            b.append("estimate: none (lcm plan --pilot runs a few cheap points first; --estimate-from NAME=PP reads earlier runs)\n");
        }
        b.append("what the design can separate (k distinct values of a variable pin down at most k - 1 terms in it,"
                + " besides the constant):\n");
        for (Identifiability.Statement s : plan.statements()) {
            b.append("  ").append(s.text()).append('\n');
        }
        if (!plan.together().isEmpty()) {
            b.append("  ").append(plan.together()).append('\n');
        }
        b.append("wrote ").append(file).append(" (the runs will go to ").append(c.data()).append("/)\n");
        return b.toString();
    }
}
