package lcm.cli;

/**
 * Keeps third-party logging quiet. Symja logs through log4j2; the build routes log4j2 to
 * slf4j and binds slf4j to its no-op backend, and these properties keep log4j2's own status
 * logger from printing its start-up complaint.
 */
public final class Logging {

    private Logging() {
    }

    public static void silence() {
        System.setProperty("log4j2.statusLoggerLevel", "OFF");
        System.setProperty("org.apache.logging.log4j.level", "OFF");
        System.setProperty("log4j2.level", "OFF");
    }
}
