package lcm.cli;

import picocli.CommandLine;

/** {@code lcm --version}. */
public final class Version implements CommandLine.IVersionProvider {

    public static final String VERSION = "0.1.0";

    @Override
    public String[] getVersion() {
        return new String[] {"lcm " + VERSION + " (lost cycles modeler)", "Java " + System.getProperty("java.version")};
    }
}
