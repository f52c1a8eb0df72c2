import { createApp } from 'vue';
import App from './App.vue';
import './app.scss';

createApp(App).mount('#app');
