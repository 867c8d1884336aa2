package io.jvortex.registry;

import io.jvortex.internal.registry.BuiltinEncodings;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.EncodingLookup;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;

/** An immutable map from encoding id to {@link Encoding}. */
public final class EncodingRegistry implements EncodingLookup {
    private static final EncodingRegistry DEFAULT = builder().addBuiltins().addServiceLoaded().build();

    private final Map<String, Encoding> byId;

    private EncodingRegistry(Map<String, Encoding> byId) {
        this.byId = Collections.unmodifiableMap(new LinkedHashMap<>(byId));
    }

    /** @return the built-in encodings plus those found by {@link ServiceLoader} */
    public static EncodingRegistry defaults() {
        return DEFAULT;
    }

    /** @return an empty builder */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param id an encoding id
     * @return the encoding, or {@code null} when unknown
     */
    @Override
    public Encoding find(String id) {
        return byId.get(id);
    }

    /** @return the registered ids */
    public Set<String> ids() {
        return byId.keySet();
    }

    /** Builds a registry; later registrations of an id replace earlier ones. */
    public static final class Builder {
        private final Map<String, Encoding> byId = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * @param encoding an encoding
         * @return this builder
         */
        public Builder register(Encoding encoding) {
            Objects.requireNonNull(encoding, "encoding");
            byId.put(Objects.requireNonNull(encoding.id(), "encoding.id()"), encoding);
            return this;
        }

        /** @return this builder with every built-in encoding */
        public Builder addBuiltins() {
            BuiltinEncodings.encodings().forEach(this::register);
            return this;
        }

        /** @return this builder with every encoding provided through {@link ServiceLoader} */
        public Builder addServiceLoaded() {
            ServiceLoader.load(Encoding.class, EncodingRegistry.class.getClassLoader()).forEach(this::register);
            return this;
        }

        /** @return the registry */
        public EncodingRegistry build() {
            return new EncodingRegistry(byId);
        }
    }
}
