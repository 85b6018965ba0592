export default function AdminApp() {
  return <main><h1>Admin</h1></main>;
}
