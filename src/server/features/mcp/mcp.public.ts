// What outside the feature may use of the MCP server: its tools, for the stdio entry.
export { createTendMcpServer, type ApiCall } from "./mcp-tools";
