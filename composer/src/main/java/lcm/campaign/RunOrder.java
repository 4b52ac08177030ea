package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.campaign.Campaign.Task;
import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of a campaign's runs. A machine drifts (other work, a warmer chip, a filling disk);
 * runs made in the order of a variable would show the drift as an effect of that variable. So
 * the runs go in rounds (every point's first run, then every point's second, ...), and each
 * round visits the points in a shuffled order: of 64 shuffles from the campaign's seed, the one
 * whose positions correlate least with every variable (Spearman's rank correlation, the largest
 * magnitude over the variables), and not starting with the point the round before ended with.
 * At each point the structures run one after the other, so that they are compared under the
 * same conditions. A campaign cut short still has every point measured as often as the rounds
 * it finished.
 */
public final class RunOrder {

    static final int SHUFFLES = 64;

    private RunOrder() {
    }

    /** Every run of every point and structure, in the order to run them. */
    public static List<Task> tasks(List<Axis> axes, List<DesignPoint> points, List<String> structures, int runs, long seed) {
        Random random = new Random(seed);
        List<Task> tasks = new ArrayList<>();
        int last = -1;
        for (int round = 1; round <= runs; round++) {
            List<DesignPoint> best = null;
            double bestScore = Double.POSITIVE_INFINITY;
            for (int s = 0; s < SHUFFLES; s++) {
                List<DesignPoint> order = new ArrayList<>(points);
                Collections.shuffle(order, random);
                double score = correlation(axes, order) + (order.size() > 1 && order.get(0).id() == last ? 1 : 0);
                if (score < bestScore) {
                    bestScore = score;
                    best = order;
                }
            }
            for (DesignPoint p : best) {
                for (String structure : structures) {
                    tasks.add(new Task(tasks.size(), structure, p.id(), round));
                }
            }
            last = best.get(best.size() - 1).id();
        }
        return tasks;
    }

    /** The largest magnitude of the rank correlation of position and value, over the variables that vary. */
    static double correlation(List<Axis> axes, List<DesignPoint> order) {
        double worst = 0;
        for (Axis a : axes) {
            double r = correlation(a.name(), order);
            if (!Double.isNaN(r)) {
                worst = Math.max(worst, Math.abs(r));
            }
        }
        return worst;
    }

    /** Spearman's rank correlation of the position in {@code order} and the value of {@code variable}; NaN when it does not vary. */
    public static double correlation(String variable, List<DesignPoint> order) {
        if (order.size() < 3) {
            return Double.NaN;
        }
        double[] position = new double[order.size()];
        double[] value = new double[order.size()];
        for (int i = 0; i < order.size(); i++) {
            position[i] = i;
            value[i] = order.get(i).values().get(variable);
        }
        if (java.util.Arrays.stream(value).distinct().count() < 2) {
            return Double.NaN;
        }
        return new SpearmansCorrelation().correlation(position, value);
    }
}
