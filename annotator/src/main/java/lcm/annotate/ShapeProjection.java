package lcm.annotate;

/**
 * The shape chosen for one category along one variable (the thesis' step 2(a)), scored over
 * the lines of the data along that variable (the other variables held fixed).
 *
 * @param error the pooled relative cross-validation error of the shape over the lines
 * @param lines the number of lines it was fitted on (0: no line varies the variable alone,
 *              so all measurements were used)
 */
record ShapeProjection(String variable, Shape shape, double error, int lines) {

    /** A constant projection: the variable has no effect the data can show. */
    boolean noEffect() {
        return shape.constantOnly();
    }
}
