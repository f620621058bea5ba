export const domains = [{ name: "eva_airline", tools: { agent: [] }, scenarios: () => [] }];
