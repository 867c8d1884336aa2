package io.jvortex.spark;

import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The scan's own SQL metrics, shown on its node of the plan: the bytes its readers asked the storage for
 * (files read through a Hadoop file system; a memory-mapped local file counts none, the operating system
 * pages it in).
 */
public final class VortexMetrics {
    /** The name of the bytes-requested metric. */
    static final String BYTES_REQUESTED = "vortexBytesRequested";

    private VortexMetrics() {
    }

    /** @return the metrics a scan reports */
    static CustomMetric[] supported() {
        return new CustomMetric[] {new BytesRequested()};
    }

    /**
     * One task's bytes requested so far.
     *
     * @param bytes the bytes
     * @return the task metric
     */
    static CustomTaskMetric bytesRequested(long bytes) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return BYTES_REQUESTED;
            }

            @Override
            public long value() {
                return bytes;
            }
        };
    }

    /** The sum over tasks of the bytes requested from the storage (Spark instantiates it by its class name). */
    public static final class BytesRequested extends CustomSumMetric {
        /** Creates the metric. */
        public BytesRequested() {
        }

        @Override
        public String name() {
            return BYTES_REQUESTED;
        }

        @Override
        public String description() {
            return "vortex bytes requested";
        }
    }
}
