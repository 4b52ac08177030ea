package lcm.source;

/** How bad a diagnostic is. Errors make a command exit with code 2; warnings do not. */
public enum Severity {
    ERROR("error"),
    WARNING("warning");

    private final String label;

    Severity(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
