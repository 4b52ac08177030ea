package lcm.compare;

import lcm.expr.NumberText;
import lcm.annotation.Category;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lost cycles per category as stacked bars, one bar per model at each bar point, pure
 * computation lowest, in the style of the thesis' predicate profiles (Fig. 4.5). Each category
 * is shown as its share of T_P (category / p), so that a bar's height is T_P: bars of different p compare directly, and
 * the segments show where each model's time goes. A blank slot separates the points.
 */
final class CategoryBars {

    private CategoryBars() {
    }

    static CategoryChart chart(Comparison c) {
        CategoryChart chart = new CategoryChartBuilder().width(PlotStyle.WIDTH).height(PlotStyle.HEIGHT)
                .title("Lost cycles per category" + TimePlot.fixedText(c)).xAxisTitle("")
                .yAxisTitle("seconds of T_P (each category / p)").build();
        PlotStyle.axes(chart.getStyler());
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setAvailableSpaceFill(0.7);
        List<String> labels = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        for (int b = 0; b < c.bars().size(); b++) {
            Map<String, Double> at = c.bars().get(b);
            if (b > 0) {
                labels.add(" ".repeat(b));
                values.add(new double[Category.values().length]);
            }
            for (int m = 0; m < c.models().size(); m++) {
                labels.add(AsciiMap.letter(m) + " " + pointLabel(at));
                values.add(CategoryValues.shareOfTime(c.fixed().get(m), at));
            }
        }
        if (labels.size() > 6) {
            chart.getStyler().setXAxisLabelRotation(40);
        }
        StringBuilder key = new StringBuilder();
        for (int m = 0; m < c.models().size(); m++) {
            key.append(m == 0 ? "" : ",  ").append(AsciiMap.letter(m)).append(" = ").append(c.models().get(m).name());
        }
        chart.setXAxisTitle(key.toString());
        for (Category cat : Category.values()) {
            List<Double> ys = new ArrayList<>();
            for (double[] v : values) {
                double y = v[cat.ordinal()];
                ys.add(Double.isFinite(y) ? y : 0);
            }
            CategorySeries s = chart.addSeries(cat.key() + " (" + cat.title() + ")", labels, ys);
            s.setFillColor(PlotStyle.category(cat));
        }
        return chart;
    }

    private static String pointLabel(Map<String, Double> at) {
        StringBuilder s = new StringBuilder();
        at.forEach((k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append('=').append(NumberText.digits(v, 4)));
        return s.toString();
    }
}
