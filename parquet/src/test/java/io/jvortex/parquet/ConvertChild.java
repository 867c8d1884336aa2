package io.jvortex.parquet;

import io.jvortex.api.WriteOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;

/**
 * Converts a Parquet file in a child JVM (for memory tests); prints {@code rows=N} and the heap pools'
 * summed peak use, {@code peakHeapMiB=M}.
 */
public final class ConvertChild {
    private ConvertChild() {
    }

    /**
     * @param args the Parquet file, the Vortex file
     */
    public static void main(String[] args) {
        long rows = ParquetToVortex.convert(Path.of(args[0]), Path.of(args[1]), WriteOptions.defaults());
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.println("rows=" + rows);
        System.out.println("peakHeapMiB=" + (peak >> 20));
    }
}
