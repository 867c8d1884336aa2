package io.jvortex.spark;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * The Hadoop configuration's broadcast, shared by the scans and writes that use the same one. Creating
 * a broadcast serializes the whole configuration (a default one is 35 KB) and stores its blocks: on a
 * TPC-H SF 1 scan of a small table that was about 7 ms of the connector's 28 ms of planning, paid again
 * by every scan of every query although the configuration rarely changes. The last few broadcasts are
 * kept with the properties they hold; one is reused only by the same live Spark context for equal
 * properties, compared in full (a hash alone could hand one job another's credentials). Broadcasts that
 * fall out are left to Spark's cleaner, which removes them once no plan refers to them.
 */
final class ConfBroadcasts {
    private static final int KEPT = 4;

    /** The context is held weakly: a stopped one is dropped at the next call, a collected one too. */
    private record Entry(WeakReference<SparkContext> context, Map<String, String> properties,
                         Broadcast<SerializableConf> broadcast) {
    }

    private static final ArrayDeque<Entry> ENTRIES = new ArrayDeque<>();

    private ConfBroadcasts() {
    }

    /**
     * @param context the active Spark context
     * @param conf the configuration the tasks need
     * @return a broadcast of a configuration with exactly {@code conf}'s properties
     */
    static Broadcast<SerializableConf> of(SparkContext context, Configuration conf) {
        Map<String, String> properties = new HashMap<>();
        for (Map.Entry<String, String> e : conf) {
            properties.put(e.getKey(), e.getValue());
        }
        synchronized (ENTRIES) {
            for (Iterator<Entry> it = ENTRIES.iterator(); it.hasNext(); ) {
                Entry entry = it.next();
                SparkContext held = entry.context().get();
                if (held == null || held.isStopped()) {
                    it.remove();
                } else if (held == context && entry.properties().equals(properties)) {
                    return entry.broadcast();
                }
            }
        }
        // the broadcast is made outside the lock: another thread may make an equal one meanwhile
        Broadcast<SerializableConf> made = JavaSparkContext.fromSparkContext(context)
                .broadcast(new SerializableConf(conf));
        synchronized (ENTRIES) {
            if (ENTRIES.size() == KEPT) {
                ENTRIES.removeLast();
            }
            ENTRIES.addFirst(new Entry(new WeakReference<>(context), properties, made));
        }
        return made;
    }
}
