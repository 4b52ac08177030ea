package lcm.compare;

import org.knowm.xchart.style.markers.Marker;

import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;

/** A marker of its own size (XChart sizes markers per chart, not per series). */
final class SizedMarker extends Marker {

    /** Marker shapes. */
    enum Shape { DOT, DIAMOND, RECT }

    private final Shape shape;
    private final double size;
    private final double height;

    SizedMarker(Shape shape, double size) {
        this(shape, size, size);
    }

    /** A rectangle {@code width} x {@code height} pixels (a cell of the best-structure map). */
    SizedMarker(Shape shape, double width, double height) {
        this.shape = shape;
        this.size = width;
        this.height = height;
    }

    @Override
    public void paint(Graphics2D g, double x, double y, int ignored) {
        double h = size / 2;
        if (shape == Shape.RECT) {
            g.fill(new java.awt.geom.Rectangle2D.Double(x - size / 2, y - height / 2, size, height));
            return;
        }
        if (shape == Shape.DOT) {
            g.fill(new Ellipse2D.Double(x - h, y - h, size, size));
            return;
        }
        Path2D.Double d = new Path2D.Double();
        d.moveTo(x, y - h);
        d.lineTo(x + h, y);
        d.lineTo(x, y + h);
        d.lineTo(x - h, y);
        d.closePath();
        g.fill(d);
    }
}
