package io.jvortex.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;

/** A Hadoop {@link Configuration} that travels to executors (through its own {@code Writable} form). */
final class SerializableConf implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private transient Configuration conf;

    SerializableConf(Configuration conf) {
        this.conf = conf;
    }

    Configuration get() {
        return conf;
    }

    @Serial
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        conf.write(out);
    }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new Configuration(false);
        conf.readFields(in);
    }
}
