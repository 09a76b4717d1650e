/// The hosted app and every variant module under Variants/ in this build.
///
/// Its members, `app` and `all`, are generated at build time by VariantRegistryPlugin from
/// the variant modules' sources: adding a folder under Variants/ adds a variant here.
public enum BundledVariants {}
