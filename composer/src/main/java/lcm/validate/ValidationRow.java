package lcm.validate;

import java.util.Map;

/**
 * One point of a validation: where (the run's variables, p included), the predicted and the
 * measured time (the median over the runs at the point), and with categories each category
 * predicted and measured (processor-seconds; measured: the median over the runs).
 */
public record ValidationRow(Map<String, Double> point, double predicted, double measured,
                            Map<String, Double> predictedCategories, Map<String, Double> measuredCategories) {

    /** The relative error of the prediction: (predicted - measured) / measured. */
    public double error() {
        return (predicted - measured) / measured;
    }
}
